-- Operators manage each library's public catalogue (docs/operations.md "Catalogue items": hide and
-- restore items, PUT /to/api/operation/<library>/catalog-items/{id}/hidden); the permission
-- names the library.
INSERT INTO role_permission (role_id, permission)
SELECT id, permission FROM role,
    (SELECT 'part:catalog:manage' AS permission
     UNION ALL SELECT 'component:catalog:manage'
     UNION ALL SELECT 'mat:catalog:manage') AS granted
WHERE role.code = 'operator';
