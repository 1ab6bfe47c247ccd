-- Names an operator renamed a manufacturer away from, or merged into another one
-- (docs/operations.md "Manufacturers"). The import resolves a record's manufacturer name here
-- when no manufacturer has it, so a re-import does not bring a merged duplicate back.
CREATE TABLE item_manufacturer_alias (
    name            TEXT    PRIMARY KEY,
    manufacturer_id INTEGER NOT NULL REFERENCES item_manufacturer (id) ON DELETE CASCADE,
    created_at      TEXT    NOT NULL
);

CREATE INDEX item_manufacturer_alias_manufacturer_idx
    ON item_manufacturer_alias (manufacturer_id);
