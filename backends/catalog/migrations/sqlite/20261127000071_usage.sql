-- Usage events of the library (docs/statistics.md): one row per keyword search (first page
-- only) and per download, written in batches by the kit's usage writer and pruned after
-- `stats.retention_days`. `day` is the UTC date (YYYY-MM-DD) the event happened on, so that the
-- daily counts group the same way on SQLite and PostgreSQL.
CREATE TABLE usage_search (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    library    TEXT    NOT NULL,
    -- Trimmed, lower-case, whitespace collapsed (catalog::usage::normalise_query).
    query      TEXT    NOT NULL,
    -- Whether a category, manufacturer, package or range filter was applied.
    filtered   INTEGER NOT NULL,
    -- The search's result total.
    total      INTEGER NOT NULL,
    -- The signed-in user; NULL when anonymous.
    user_id    INTEGER,
    day        TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);

CREATE INDEX usage_search_day_idx ON usage_search (library, day);
CREATE INDEX usage_search_query_idx ON usage_search (library, query, day);

CREATE TABLE usage_download (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    library    TEXT    NOT NULL,
    -- No foreign key: the count survives the item.
    item_id    INTEGER NOT NULL,
    -- The file kind (format) downloaded: `symbol`, `model-step`, `drawing`, …
    kind       TEXT    NOT NULL,
    user_id    INTEGER,
    day        TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);

CREATE INDEX usage_download_day_idx ON usage_download (library, day);
