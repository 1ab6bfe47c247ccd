-- Enterprise libraries (docs/enterprise-library.md): members submit items into their
-- organisation's libraries; operators review them (运营平台 → 企业条目审核).
INSERT INTO role_permission (role_id, permission)
SELECT id, 'enterprise:item:publish' FROM role WHERE code = 'member';
INSERT INTO role_permission (role_id, permission)
SELECT id, 'operation:enterprise-item:audit' FROM role WHERE code = 'operator';
