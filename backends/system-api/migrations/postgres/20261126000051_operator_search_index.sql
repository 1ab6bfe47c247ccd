-- Operators may rebuild a library's search index now (docs/search.md: POST
-- /to/api/operation/<library>/search-index/rebuild); the permission names the library.
INSERT INTO role_permission (role_id, permission)
SELECT id, permission FROM role,
    (SELECT 'part:search-index:rebuild' AS permission
     UNION ALL SELECT 'component:search-index:rebuild'
     UNION ALL SELECT 'mat:search-index:rebuild') AS granted
WHERE role.code = 'operator';
