-- Operations platform: roles and permissions (docs/operations.md "Roles and permissions").
-- Operators see the roles; changing them stays with super_admin until it grants
-- system:role:update to someone (nobody grants a permission they do not hold).
INSERT INTO role_permission (role_id, permission)
SELECT id, 'system:role:query' FROM role WHERE code = 'operator';
