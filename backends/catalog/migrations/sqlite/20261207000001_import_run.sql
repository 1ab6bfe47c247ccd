-- The history of a library's imports (docs/operations.md "Imports"): one row per finished run of
-- its importer over the seed directory, its origin: a start that found new sources (`start`) or an
-- operator's request (`operator`); with its report or the reason it failed.
CREATE TABLE import_run (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The library's seed name (`components`, `parts`, `materials`).
    seed        TEXT    NOT NULL,
    origin      TEXT    NOT NULL,
    state       TEXT    NOT NULL,
    -- The operator who asked for it (none at a start).
    operator_id INTEGER,
    started_at  TEXT    NOT NULL,
    finished_at TEXT    NOT NULL,
    -- The report (JSON) of a run that ended `done`.
    report_json TEXT,
    -- Why a `failed` run failed.
    error       TEXT
);

CREATE INDEX import_run_seed_idx ON import_run (seed, id);
