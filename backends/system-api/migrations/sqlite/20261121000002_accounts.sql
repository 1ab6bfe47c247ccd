-- Accounts: organisations, users, roles and their permissions, sessions (access and refresh
-- tokens, stored only as SHA-256 digests), verification codes (hashed), the development
-- outbox and WeChat accounts. Every table has created/updated times.

-- 0 is the platform, 1 the blocked organisation, >1 private deployments (spec §4).
CREATE TABLE org (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    name           TEXT    NOT NULL,
    enabled        INTEGER NOT NULL DEFAULT 1,
    -- Comma-separated ability codes; 1 = enterprise library.
    business_scope TEXT    NOT NULL DEFAULT '',
    created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO org (id, name) VALUES (0, '平台'), (1, '受限组织');

CREATE TABLE app_user (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    username      TEXT    NOT NULL UNIQUE,
    nickname      TEXT    NOT NULL DEFAULT '',
    email         TEXT    UNIQUE,
    mobile        TEXT    UNIQUE,
    password_hash TEXT    NOT NULL,
    avatar        TEXT    NOT NULL DEFAULT '',
    -- 0 enabled, 1 disabled.
    status        INTEGER NOT NULL DEFAULT 0,
    user_type     INTEGER NOT NULL DEFAULT 2,
    org_id        BIGINT  NOT NULL DEFAULT 0 REFERENCES org (id),
    -- The company a platform user names in the personal centre.
    org_name      TEXT    NOT NULL DEFAULT '',
    -- Where the registration came from (the from cookie or the plug-in channel).
    origin        TEXT    NOT NULL DEFAULT '',
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);

CREATE TABLE role (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    code       TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO role (id, code, name) VALUES (1, 'super_admin', '超级管理员'), (2, 'member', '普通用户');

CREATE TABLE role_permission (
    role_id    BIGINT NOT NULL REFERENCES role (id) ON DELETE CASCADE,
    permission TEXT   NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (role_id, permission)
);
INSERT INTO role_permission (role_id, permission) VALUES
    (1, '*:*:*'),
    (2, 'portal:profile:query'),
    (2, 'portal:profile:update'),
    (2, 'portal:feedback:create');

CREATE TABLE user_role (
    user_id    BIGINT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    role_id    BIGINT NOT NULL REFERENCES role (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, role_id)
);

CREATE TABLE refresh_token (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT   NOT NULL UNIQUE,
    user_id    BIGINT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    expires_at TEXT NOT NULL,
    revoked_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX refresh_token_user_idx ON refresh_token (user_id);

CREATE TABLE access_token (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash       TEXT   NOT NULL UNIQUE,
    user_id          BIGINT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    refresh_token_id BIGINT NOT NULL REFERENCES refresh_token (id) ON DELETE CASCADE,
    expires_at       TEXT NOT NULL,
    revoked_at       TEXT,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL
);
CREATE INDEX access_token_refresh_idx ON access_token (refresh_token_id);
CREATE INDEX access_token_user_idx ON access_token (user_id);

-- channel 'sms' or 'email'; target the mobile or e-mail; scene 1 login, 2 reset, 4 register.
CREATE TABLE verification_code (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    channel    TEXT    NOT NULL,
    target     TEXT    NOT NULL,
    scene      INTEGER NOT NULL,
    code_hash  TEXT    NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT,
    create_ip  TEXT    NOT NULL,
    used_ip    TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX verification_code_target_idx ON verification_code (target, created_at);

-- Development mode only: what the outbox sender "sent" (GET /to/api/dev/outbox).
CREATE TABLE dev_outbox (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    channel    TEXT    NOT NULL,
    target     TEXT    NOT NULL,
    scene      INTEGER NOT NULL,
    code       TEXT    NOT NULL,
    subject    TEXT    NOT NULL,
    body       TEXT    NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX dev_outbox_target_idx ON dev_outbox (target, id);

-- WeChat (type 32) accounts seen at social login; user_id set once bound.
CREATE TABLE social_user (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    type       INTEGER NOT NULL,
    open_id    TEXT    NOT NULL,
    union_id   TEXT,
    nickname   TEXT    NOT NULL DEFAULT '',
    avatar     TEXT    NOT NULL DEFAULT '',
    -- The last authorisation code exchanged (a later wx-binding may present it again).
    last_code  TEXT,
    user_id    BIGINT REFERENCES app_user (id) ON DELETE SET NULL,
    bound_at   TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (type, open_id)
);
CREATE INDEX social_user_user_idx ON social_user (user_id);
