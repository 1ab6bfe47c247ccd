-- Shape fingerprints of the items that have a 3D model (docs/shape-search.md, "Wired into the
-- libraries"): computed by the kit's shape job after start from the model the library names,
-- loaded into the in-memory shape index of the library.
CREATE TABLE item_shape (
    item_id     BIGINT  PRIMARY KEY REFERENCES item (id) ON DELETE CASCADE,
    -- What the fingerprint was computed from: a model file's digest, or the library's generator
    -- key; a different key means the model changed and the fingerprint is computed again.
    model_key   TEXT    NOT NULL,
    -- The model's file name (its extension names the format).
    model_name  TEXT    NOT NULL,
    -- shape::codec::VERSION of the fingerprint: another version is computed again.
    version     INTEGER NOT NULL,
    -- shape::encode of the fingerprint; NULL when the model could not be read (error says why).
    fingerprint BYTEA,
    error       TEXT,
    -- Milliseconds since the epoch: the index is reloaded when the newest changes.
    computed_at BIGINT  NOT NULL
);

CREATE INDEX item_shape_model_key_idx ON item_shape (model_key);
