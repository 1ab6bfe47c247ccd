-- Personal access tokens (docs/accounts.md "Personal access tokens"): long-lived tokens a user
-- creates in the personal centre for machine clients (the KiCad HTTP library). Only the
-- SHA-256 digest is stored; `prefix` (`pat_ab12`) lets the owner recognise a token.
CREATE TABLE personal_access_token (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      BIGINT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    name         TEXT   NOT NULL,
    token_hash   TEXT   NOT NULL UNIQUE,
    prefix       TEXT   NOT NULL,
    -- NULL: never expires.
    expires_at   TEXT,
    last_used_at TEXT,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
);
CREATE INDEX personal_access_token_user_idx ON personal_access_token (user_id, id);
