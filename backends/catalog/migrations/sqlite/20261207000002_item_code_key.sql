-- Likely duplicate items (docs/operations.md "Merging duplicate items") share their code but for
-- case and the separators part numbers are written with or without (space - _ /): "LM358-DR",
-- "lm358dr" and "LM358 DR" meet. The operators' duplicates view compares this expression; the
-- index answers it. The expression must stay the same as `CODE_KEY` in catalog_admin/store.rs.
CREATE INDEX item_code_key_idx ON item ((LOWER(REPLACE(REPLACE(REPLACE(REPLACE(code, ' ', ''), '-', ''), '_', ''), '/', ''))));
