-- The parts library's generated models and drawings (docs/parts.md, "Models"): which stored
-- blob (content-addressed, through the kit's ItemFiles) holds the file generated for a key.
-- The key names everything the bytes depend on — the item's content digest, the generator
-- version, the format and, for profiles, the length — so a changed row or generator simply
-- misses and generates again; no row needs invalidating. Not tied to an item: identical rows
-- share their files.

CREATE TABLE part_model (
    -- `<item content digest>/<generator version>/<format>/<length mm or ->`.
    cache_key TEXT   NOT NULL PRIMARY KEY,
    -- SHA-256 of the bytes, hex: their blob key.
    digest    TEXT   NOT NULL,
    size      BIGINT NOT NULL
);
