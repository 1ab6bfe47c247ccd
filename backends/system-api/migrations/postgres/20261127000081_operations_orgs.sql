-- Operations platform: organisation management (docs/operations.md "Organisations"). Names are
-- unique, so that an operator adding a member cannot pick the wrong one of two namesakes.
CREATE UNIQUE INDEX org_name_key ON org (name);

INSERT INTO role_permission (role_id, permission)
SELECT id, permission FROM role,
    (SELECT 'system:org:query' AS permission
     UNION ALL SELECT 'system:org:update') AS granted
WHERE role.code = 'operator';
