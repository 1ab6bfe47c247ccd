-- The parts library's extension table (docs/parts.md, docs/adding-a-library.md): the fields of
-- a standard part or profile its recommendations query in SQL (mating nut and washer: same
-- thread; the same part in other standards; the next sizes). Everything else a variant has is
-- in item.attributes (family, standard, size, dimensions) and its typed parameters.

CREATE TABLE part_variant (
    item_id     BIGINT PRIMARY KEY REFERENCES item (id) ON DELETE CASCADE,
    -- The bd_warehouse table (socket_head_cap, hex_nut, …) or `profile`.
    family      TEXT    NOT NULL,
    -- What the part is for matching: screw, nut, washer, bearing, o-ring, circlip, key, profile.
    kind        TEXT    NOT NULL,
    -- The table's standard prefix (iso4762) or the profile category (IPE).
    standard    TEXT    NOT NULL,
    -- The table's size cell (M6-1) or the profile's name (IPE100).
    size        TEXT    NOT NULL,
    -- The thread without its pitch (M6, #10, 1/4) for threaded parts and washers, else NULL.
    thread      TEXT,
    -- Nominal (thread, bore, shaft) diameter in mm: orders the sizes.
    diameter_mm DOUBLE PRECISION,
    -- Nominal length in mm (screws), else NULL.
    length_mm   DOUBLE PRECISION
);

CREATE INDEX part_variant_thread_idx ON part_variant (thread, kind);
CREATE INDEX part_variant_family_idx ON part_variant (family, standard, diameter_mm);
