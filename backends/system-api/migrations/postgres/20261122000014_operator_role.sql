-- The operator role (运营人员): reads and closes feedback, searches the front-end log, reviews
-- brand applications. super_admin already holds every permission through '*:*:*'.
INSERT INTO role (code, name) VALUES ('operator', '运营人员');
INSERT INTO role_permission (role_id, permission)
SELECT id, permission FROM role,
    (SELECT 'operation:feedback:query' AS permission
     UNION ALL SELECT 'operation:feedback:update'
     UNION ALL SELECT 'operation:frontlog:query'
     UNION ALL SELECT 'system:brand-application:query'
     UNION ALL SELECT 'system:brand-application:review') AS granted
WHERE role.code = 'operator';
