-- The bilingual category tree of one library (each library service has its own database).
CREATE TABLE category (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    code        TEXT    NOT NULL UNIQUE,
    parent_id   INTEGER REFERENCES category (id) ON DELETE RESTRICT,
    name        TEXT    NOT NULL,
    name_en     TEXT    NOT NULL,
    sort        INTEGER NOT NULL DEFAULT 0,
    depth       INTEGER NOT NULL,
    -- Codes from the root down, e.g. /fastener/screw/hex-head-bolt (subtree queries by prefix).
    path        TEXT    NOT NULL,
    -- Hints for importers (e.g. KiCad library names, standards), JSON.
    match_hints TEXT,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);

CREATE INDEX category_parent_sort_idx ON category (parent_id, sort);

-- Which taxonomy file content was last applied (seeding is re-run when it changes).
CREATE TABLE seed_state (
    name       TEXT PRIMARY KEY,
    digest     TEXT NOT NULL,
    applied_at TEXT NOT NULL
);
