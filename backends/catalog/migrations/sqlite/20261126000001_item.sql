-- The library kit's items (see docs/adding-a-library.md): what every library stores of its
-- records. What only one library has lives in its own extension table (item_id primary key
-- referencing item) or in `attributes` (typed JSON of the library).

-- Named item_manufacturer (not manufacturer) so that it can exist beside a library's older
-- table of that name while a migration moves the library's data into the kit.
CREATE TABLE item_manufacturer (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT    NOT NULL UNIQUE,
    -- Lowercased name for case-insensitive search.
    name_key   TEXT    NOT NULL,
    website    TEXT,
    created_at TEXT    NOT NULL
);

CREATE INDEX item_manufacturer_name_key_idx ON item_manufacturer (name_key);

CREATE TABLE item (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    -- Where the record comes from (`kicad`, `iso-4017`, …) and its id there: the import key.
    source          TEXT    NOT NULL,
    source_id       TEXT    NOT NULL,
    -- Part number, grade or designation.
    code            TEXT    NOT NULL,
    name            TEXT    NOT NULL,
    manufacturer_id INTEGER REFERENCES item_manufacturer (id) ON DELETE SET NULL,
    -- How the manufacturer was inferred (`library`, `datasheet-host`, …).
    manufacturer_method TEXT,
    category_id     INTEGER REFERENCES category (id) ON DELETE SET NULL,
    -- Which taxonomy hint placed the record.
    category_method TEXT,
    description     TEXT    NOT NULL,
    keywords        TEXT    NOT NULL,
    -- Datasheet or standard document URL.
    document_url    TEXT,
    lifecycle       TEXT,
    license         TEXT    NOT NULL,
    -- The library's own properties that no query filters on (JSON object).
    attributes      TEXT    NOT NULL,
    -- Digest of the whole imported record: re-imports skip unchanged records.
    content_digest  TEXT    NOT NULL,
    -- 1 when inserted, +1 at every update (tells an upsert's insert from its update).
    revision        INTEGER NOT NULL,
    created_at      TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL,
    UNIQUE (source, source_id)
);

CREATE INDEX item_category_idx ON item (category_id, id);
CREATE INDEX item_manufacturer_idx ON item (manufacturer_id, id);
CREATE INDEX item_code_idx ON item (code);

CREATE TABLE item_parameter (
    item_id    INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    -- units::Dimension as_str (`resistance`, `length`, `tensile-strength`, …).
    dimension  TEXT    NOT NULL,
    -- Canonical SI (°C for temperature).
    min_value  REAL,
    typ_value  REAL,
    max_value  REAL,
    original   TEXT    NOT NULL,
    conditions TEXT,
    PRIMARY KEY (item_id, position)
);

CREATE INDEX item_parameter_dimension_idx ON item_parameter (dimension, typ_value);

-- Files items offer (kind defined by the library: `symbol`, `model-step`, `drawing`, …), shared
-- between items and keyed by kind and name; the content is addressed by its digest.
CREATE TABLE item_file (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    media_type TEXT    NOT NULL,
    size       INTEGER NOT NULL,
    -- SHA-256 of the content, hex.
    digest     TEXT    NOT NULL,
    updated_at TEXT    NOT NULL,
    UNIQUE (kind, name)
);

CREATE TABLE item_file_link (
    item_id INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    file_id INTEGER NOT NULL REFERENCES item_file (id) ON DELETE CASCADE,
    PRIMARY KEY (item_id, file_id)
);

CREATE INDEX item_file_link_file_idx ON item_file_link (file_id);

-- Links between items (`variant-of`, `alternative`, …), by the target's import key so that a
-- link may be stored before its target is imported.
CREATE TABLE item_link (
    item_id          INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    kind             TEXT    NOT NULL,
    target_source    TEXT    NOT NULL,
    target_source_id TEXT    NOT NULL,
    PRIMARY KEY (item_id, kind, target_source, target_source_id)
);

CREATE INDEX item_link_target_idx ON item_link (target_source, target_source_id);

-- Every insert/update of an item appends a row: the feed the search index follows.
CREATE TABLE item_change (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    item_id    INTEGER NOT NULL,
    changed_at TEXT    NOT NULL
);
