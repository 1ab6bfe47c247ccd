-- Where a manufacturer an operator merged into another went (docs/operations.md "Manufacturers"):
-- its old public page shows the one that kept its items. Kept up to date when the target is itself
-- merged later, so every row points at a manufacturer that exists.
CREATE TABLE item_manufacturer_merged (
    id        BIGINT  PRIMARY KEY,
    target_id BIGINT  NOT NULL REFERENCES item_manufacturer (id) ON DELETE CASCADE,
    merged_at TIMESTAMPTZ NOT NULL
);
