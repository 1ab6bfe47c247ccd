-- Items organisations publish into their enterprise (private) library (docs/enterprise-library.md).
-- Kept apart from `item` on purpose: every public and open route reads only `item`, so these rows
-- cannot leak through search, detail, download, compare or the KiCad/CAD endpoints.
CREATE TABLE enterprise_item (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The library key (`part`, `component`, `mat`): the embedded default may share one database.
    library      TEXT    NOT NULL,
    -- The publishing organisation (the system service's `org.id`, > 1).
    org_id       INTEGER NOT NULL,
    -- `pending`, `approved` or `rejected`.
    state        TEXT    NOT NULL,
    code         TEXT    NOT NULL,
    name         TEXT    NOT NULL,
    category_id  INTEGER REFERENCES category (id) ON DELETE SET NULL,
    manufacturer TEXT,
    description  TEXT    NOT NULL,
    -- JSON array of {name, value}, in the submitter's order.
    parameters   TEXT    NOT NULL,
    -- The reviewer's remark (required when rejected).
    remark       TEXT,
    submitted_by INTEGER NOT NULL,
    reviewed_by  INTEGER,
    created_at   TEXT    NOT NULL,
    reviewed_at  TEXT
);

CREATE INDEX enterprise_item_org_idx ON enterprise_item (library, org_id, id);
CREATE INDEX enterprise_item_state_idx ON enterprise_item (library, state, id);
