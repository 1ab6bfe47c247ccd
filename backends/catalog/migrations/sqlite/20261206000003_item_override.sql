-- An operator's corrections of a public item (docs/operations.md "Correcting an item"): the
-- corrected fields and what the source said of them. The item row holds what the public sees;
-- the import re-applies the corrections whenever it updates the record.
CREATE TABLE item_override (
    item_id    INTEGER PRIMARY KEY REFERENCES item (id) ON DELETE CASCADE,
    -- JSON object: field → corrected value (name, description, categoryId, documentUrl, lifecycle).
    fields     TEXT    NOT NULL,
    -- JSON object: field → the source's value of it.
    original   TEXT    NOT NULL,
    reason     TEXT    NOT NULL,
    -- The operator's user id (the system service's user; no foreign key across services).
    updated_by INTEGER,
    updated_at TEXT    NOT NULL
);
