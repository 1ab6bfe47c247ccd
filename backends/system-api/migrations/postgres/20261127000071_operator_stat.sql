-- Operators read the usage statistics (docs/statistics.md: GET /to/stat/<library>/… and
-- /to/stat/system/signups/daily).
INSERT INTO role_permission (role_id, permission)
SELECT id, 'operation:stat:query' FROM role WHERE role.code = 'operator';
