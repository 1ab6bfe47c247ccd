-- The components library's own tables (after the catalog's category tree; see docs/components.md).

CREATE TABLE manufacturer (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT    NOT NULL UNIQUE,
    -- Lowercased name for case-insensitive search.
    name_key   TEXT    NOT NULL,
    website    TEXT,
    created_at TEXT    NOT NULL
);

CREATE TABLE component (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    -- Where the record comes from (`kicad`, …) and its id there (`Device:R`): the import key.
    source              TEXT    NOT NULL,
    source_id           TEXT    NOT NULL,
    part_number         TEXT    NOT NULL,
    name                TEXT    NOT NULL,
    manufacturer_id     INTEGER REFERENCES manufacturer (id) ON DELETE SET NULL,
    -- How the manufacturer was inferred: `library`, `datasheet-host`.
    manufacturer_method TEXT,
    category_id         INTEGER REFERENCES category (id) ON DELETE SET NULL,
    -- Which taxonomy hint placed it (`kicadSymbol:Device:R*`).
    category_method     TEXT,
    description         TEXT    NOT NULL,
    keywords            TEXT    NOT NULL,
    datasheet           TEXT,
    -- KiCad `Lib:Name` references.
    symbol_ref          TEXT,
    footprint_ref       TEXT,
    -- JSON array of footprint filter globs.
    footprint_filters   TEXT    NOT NULL,
    reference_prefix    TEXT,
    value               TEXT,
    pin_count           INTEGER NOT NULL,
    unit_count          INTEGER NOT NULL,
    package             TEXT,
    lifecycle           TEXT,
    license             TEXT    NOT NULL,
    -- Digest of everything above: re-imports skip unchanged records.
    content_digest      TEXT    NOT NULL,
    created_at          TEXT    NOT NULL,
    updated_at          TEXT    NOT NULL,
    UNIQUE (source, source_id)
);

CREATE INDEX component_category_idx ON component (category_id, id);
CREATE INDEX component_manufacturer_idx ON component (manufacturer_id, id);
CREATE INDEX component_part_number_idx ON component (part_number);

CREATE TABLE component_parameter (
    component_id INTEGER NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    -- units::Dimension as_str (`resistance`, `capacitance`, …).
    dimension    TEXT    NOT NULL,
    min_value    REAL,
    typ_value    REAL,
    max_value    REAL,
    original     TEXT    NOT NULL,
    conditions   TEXT,
    PRIMARY KEY (component_id, position)
);

CREATE INDEX component_parameter_dimension_idx ON component_parameter (dimension, typ_value);

-- Library files shared by components: a symbol (standalone .kicad_sym text), a footprint
-- (.kicad_mod text), a 3D model (GLB or gzipped STEP bytes). Keyed by kind and KiCad name.
CREATE TABLE component_file (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    kind         TEXT    NOT NULL,
    name         TEXT    NOT NULL,
    media_type   TEXT    NOT NULL,
    content      BLOB    NOT NULL,
    digest       TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL,
    UNIQUE (kind, name)
);

-- Which files each component offers (symbol, footprint, model-glb, model-step).
CREATE TABLE component_file_link (
    component_id INTEGER NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    file_id      INTEGER NOT NULL REFERENCES component_file (id) ON DELETE CASCADE,
    PRIMARY KEY (component_id, file_id)
);

-- Every insert/update of a component appends a row: the feed the search index follows.
CREATE TABLE component_change (
    seq          INTEGER PRIMARY KEY AUTOINCREMENT,
    component_id INTEGER NOT NULL,
    changed_at   TEXT    NOT NULL
);
