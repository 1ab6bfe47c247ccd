-- The front-end error log (spec §7 "Front-end log"): entries the clients post in batches.
-- Known fields have columns; the rest of an entry is kept as JSON text in `extra`.
-- level: -2 info, -1 warn, 0 error, 1 danger (spec §3 error levels).
CREATE TABLE front_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     BIGINT REFERENCES app_user (id) ON DELETE SET NULL,
    client_ip   TEXT    NOT NULL,
    user_agent  TEXT    NOT NULL DEFAULT '',
    level       INTEGER NOT NULL DEFAULT 0,
    message     TEXT    NOT NULL DEFAULT '',
    name        TEXT    NOT NULL DEFAULT '',
    code        TEXT    NOT NULL DEFAULT '',
    stack       TEXT    NOT NULL DEFAULT '',
    url         TEXT    NOT NULL DEFAULT '',
    position    TEXT    NOT NULL DEFAULT '',
    source      TEXT    NOT NULL DEFAULT '',
    extra       TEXT    NOT NULL DEFAULT '',
    -- When the client saw the error (epoch milliseconds as it says; not trusted for searches).
    client_time BIGINT,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX front_log_created_idx ON front_log (created_at);
CREATE INDEX front_log_user_idx ON front_log (user_id, id);
