-- Open-platform API keys (docs/open-platform.md): keys an account creates for third-party
-- programs reading the public libraries under /to/open/<library>. A key belongs to the
-- creator's organisation (org_id > 1: every member with the permission manages it) or, for an
-- account without one (org_id 0), to the account alone. Only the SHA-256 digest is stored;
-- `prefix` (`opk_ab12`) lets the owner recognise it. A revoked key stays listed (revoked_at)
-- so its usage history keeps a name.
CREATE TABLE open_api_key (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id              BIGINT NOT NULL,
    user_id             BIGINT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    name                TEXT   NOT NULL,
    token_hash          TEXT   NOT NULL UNIQUE,
    prefix              TEXT   NOT NULL,
    -- Comma-separated library keys the key may read: part,component,mat.
    scopes              TEXT   NOT NULL,
    requests_per_minute BIGINT NOT NULL,
    requests_per_day    BIGINT NOT NULL,
    revoked_at          TEXT,
    last_used_at        TEXT,
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL
);
CREATE INDEX open_api_key_owner_idx ON open_api_key (org_id, user_id, id);

-- Every registered user may open the open platform and manage their (organisation's) keys.
INSERT INTO role_permission (role_id, permission)
SELECT id, 'open:key:manage' FROM role WHERE code = 'member';
-- Operators see every key with its usage, and may revoke one.
INSERT INTO role_permission (role_id, permission)
SELECT id, 'operation:open-key:query' FROM role WHERE code = 'operator';
INSERT INTO role_permission (role_id, permission)
SELECT id, 'operation:open-key:update' FROM role WHERE code = 'operator';
