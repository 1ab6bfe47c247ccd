-- Operators manage a library's category tree (docs/operations.md "Categories"): they rename a
-- category, set its place among its siblings, and hide an empty one from the public tree. The
-- taxonomy file stays the source; the category row holds what the public sees.
ALTER TABLE category ADD COLUMN hidden_at TIMESTAMPTZ;
ALTER TABLE category ADD COLUMN hidden_reason TEXT;
-- The operator's user id (the system service's user; no foreign key across services).
ALTER TABLE category ADD COLUMN hidden_by BIGINT;

-- The corrected fields of a category (NULL: the taxonomy's value). The taxonomy sync applies them
-- over the file's values, so a changed file keeps them.
CREATE TABLE category_override (
    category_id BIGINT  PRIMARY KEY REFERENCES category (id) ON DELETE CASCADE,
    name        TEXT,
    name_en     TEXT,
    sort        INTEGER,
    reason      TEXT    NOT NULL,
    updated_by  BIGINT,
    updated_at  TIMESTAMPTZ NOT NULL
);
