-- An operator merged a duplicate item into another (docs/operations.md "Merging duplicate items"):
-- the duplicate is hidden with the id of the item it went into, whose detail its old address shows.
ALTER TABLE item ADD COLUMN merged_into BIGINT;
