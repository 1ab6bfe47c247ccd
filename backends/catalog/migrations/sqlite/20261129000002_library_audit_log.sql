-- The library service's operator audit log (docs/operations.md "Audit log"): who decided what in
-- this library (today the reviews of enterprise items), with the target's state before and after.
-- A row is written inside the transaction of the change it records. The system service keeps its
-- own `operation_audit_log`; a library cannot join that transaction.
CREATE TABLE library_audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The library key: the embedded default may share one database between libraries.
    library     TEXT    NOT NULL,
    -- Kept when the operator's account is deleted (the log outlives it).
    operator_id INTEGER NOT NULL,
    action      TEXT    NOT NULL,
    target_type TEXT    NOT NULL,
    target_id   TEXT    NOT NULL,
    before_json TEXT    NOT NULL,
    after_json  TEXT    NOT NULL,
    client_ip   TEXT    NOT NULL,
    created_at  TEXT NOT NULL
);

CREATE INDEX library_audit_log_library_idx ON library_audit_log (library, id);
