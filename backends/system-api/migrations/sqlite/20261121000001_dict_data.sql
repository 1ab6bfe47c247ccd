-- Dictionary entries (upstream: system_dict_data). The client reads them through
-- GET /to/api/base/system/dict-data/list-all-simple.
CREATE TABLE dict_data (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    dict_type  TEXT    NOT NULL,
    label      TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    sort       INTEGER NOT NULL DEFAULT 0,
    -- 0 enabled, 1 disabled (upstream CommonStatusEnum).
    status     INTEGER NOT NULL DEFAULT 0,
    color_type TEXT    NOT NULL DEFAULT '',
    css_class  TEXT    NOT NULL DEFAULT '',
    remark     TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (dict_type, label)
);

-- The portal's system configuration (values in minutes, as strings like upstream):
-- how long an access token lives and how long a "from" redirect stays valid.
INSERT INTO dict_data (dict_type, label, value, sort, remark) VALUES
    ('system_config', 'token_expire_time', '30', 1, '访问令牌有效期（分钟）'),
    ('system_config', 'from_expire_time', '1440', 2, '来源跳转有效期（分钟）');
