-- Operations platform, first slice (docs/operations.md): user management and the operator
-- audit log. Every operator change writes one row here in the transaction of the change.
CREATE TABLE operation_audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    -- Kept when the operator's account is deleted (the log outlives it).
    operator_id BIGINT NOT NULL,
    -- e.g. user.disable, user.enable, user.sessions.revoke, feedback.close, brand-application.review
    action      TEXT   NOT NULL,
    target_type TEXT   NOT NULL,
    target_id   TEXT   NOT NULL,
    -- JSON texts of the target's state before and after the change.
    before_json TEXT   NOT NULL DEFAULT '{}',
    after_json  TEXT   NOT NULL DEFAULT '{}',
    client_ip   TEXT   NOT NULL DEFAULT '',
    created_at  TEXT   NOT NULL
);
CREATE INDEX operation_audit_log_operator_idx ON operation_audit_log (operator_id, id);
CREATE INDEX operation_audit_log_action_idx ON operation_audit_log (action, id);
CREATE INDEX operation_audit_log_created_idx ON operation_audit_log (created_at);

INSERT INTO role_permission (role_id, permission)
SELECT id, permission FROM role,
    (SELECT 'system:user:query' AS permission
     UNION ALL SELECT 'system:user:update'
     UNION ALL SELECT 'system:audit-log:query') AS granted
WHERE role.code = 'operator';
