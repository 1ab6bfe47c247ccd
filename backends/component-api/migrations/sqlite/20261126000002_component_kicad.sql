-- The components library moves onto the library kit's item tables (docs/adding-a-library.md):
-- what only components have (KiCad symbol and footprint, pins, package) is the extension table
-- `component_kicad`; the rows of the old tables move keeping their ids (URLs and the search
-- index's checkpoint stay valid), then the old tables go.

CREATE TABLE component_kicad (
    item_id           INTEGER PRIMARY KEY REFERENCES item (id) ON DELETE CASCADE,
    -- KiCad `Lib:Name` references.
    symbol_ref        TEXT,
    footprint_ref     TEXT,
    -- JSON array of footprint filter globs.
    footprint_filters TEXT    NOT NULL,
    reference_prefix  TEXT,
    value             TEXT,
    pin_count         INTEGER NOT NULL,
    unit_count        INTEGER NOT NULL,
    -- Package family derived from the footprint (`SOIC-8`, `0603`).
    package           TEXT,
    -- The first symbol of the standalone symbol file: the root of its `extends` chain (the
    -- family of "same symbol" recommendations), computed at import from the file.
    symbol_root       TEXT
);

CREATE INDEX component_kicad_footprint_idx ON component_kicad (footprint_ref);
CREATE INDEX component_kicad_package_idx ON component_kicad (package, pin_count);

INSERT INTO item_manufacturer (id, name, name_key, website, created_at)
SELECT id, name, name_key, website, created_at FROM manufacturer;

-- The old content digest is kept with a mark: it never equals a digest the importer computes,
-- so the re-import below updates every moved item (files, symbol roots) once.
INSERT INTO item (id, source, source_id, code, name, manufacturer_id, manufacturer_method,
                  category_id, category_method, description, keywords, document_url, lifecycle,
                  license, attributes, content_digest, revision, created_at, updated_at)
SELECT id, source, source_id, part_number, name, manufacturer_id, manufacturer_method,
       category_id, category_method, description, keywords, datasheet, lifecycle, license, '{}',
       'moved:' || content_digest, 1, created_at, updated_at
FROM component;

INSERT INTO component_kicad (item_id, symbol_ref, footprint_ref, footprint_filters,
                             reference_prefix, value, pin_count, unit_count, package, symbol_root)
SELECT id, symbol_ref, footprint_ref, footprint_filters, reference_prefix, value, pin_count,
       unit_count, package, NULL
FROM component;

INSERT INTO item_parameter (item_id, position, dimension, min_value, typ_value, max_value,
                            original, conditions)
SELECT component_id, position, dimension, min_value, typ_value, max_value, original, conditions
FROM component_parameter;

-- The change feed keeps its sequence numbers: a search index checkpoint stays meaningful.
INSERT INTO item_change (seq, item_id, changed_at)
SELECT seq, component_id, changed_at FROM component_change;

-- File bytes cannot move from a BLOB column into the blob store in SQL. The files are left
-- behind and the components seed is imported again on the next start (its digest is cleared):
-- the upsert by (source, source_id) finds the kept ids and stores the files in the blob store.
DELETE FROM seed_state WHERE name = 'components';

DROP TABLE component_change;
DROP TABLE component_file_link;
DROP TABLE component_file;
DROP TABLE component_parameter;
DROP TABLE component;
DROP TABLE manufacturer;
