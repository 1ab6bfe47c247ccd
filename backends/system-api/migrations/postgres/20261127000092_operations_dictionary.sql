-- Operations platform: the dictionary (docs/operations.md "Dictionary"). Operators read it;
-- changing the portal's settings stays with super_admin until it grants system:dict:update.
INSERT INTO role_permission (role_id, permission)
SELECT id, 'system:dict:query' FROM role WHERE code = 'operator';
