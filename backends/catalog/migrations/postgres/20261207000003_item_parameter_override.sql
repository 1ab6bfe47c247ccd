-- An operator's correction of a public item's parameters (docs/operations.md "Correcting an
-- item's parameters"): the list the public sees and the source's list. The item's parameter rows
-- hold the corrected list; the import puts it back whenever it updates the record.
CREATE TABLE item_parameter_override (
    item_id    BIGINT PRIMARY KEY REFERENCES item (id) ON DELETE CASCADE,
    -- JSON array of Parameter: the corrected list, in order.
    parameters TEXT NOT NULL,
    -- JSON array of Parameter: the source's list.
    original   TEXT NOT NULL,
    reason     TEXT NOT NULL,
    -- The operator's user id (the system service's user; no foreign key across services).
    updated_by BIGINT,
    updated_at TIMESTAMPTZ NOT NULL
);
