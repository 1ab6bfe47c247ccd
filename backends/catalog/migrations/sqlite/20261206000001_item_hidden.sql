-- An operator hides a public item (a wrong or disputed record) from every public route and
-- restores it later (docs/operations.md "Catalogue items"). The row stays, so a re-import does
-- not bring it back (the import never writes these columns) and its id keeps its URLs.
ALTER TABLE item ADD COLUMN hidden_at TEXT;
ALTER TABLE item ADD COLUMN hidden_reason TEXT;
-- The operator's user id (the system service's user; no foreign key across services).
ALTER TABLE item ADD COLUMN hidden_by INTEGER;

CREATE INDEX item_hidden_idx ON item (hidden_at) WHERE hidden_at IS NOT NULL;
