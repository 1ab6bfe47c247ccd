-- Manufacturer onboarding (brand entry): applications operators review.
-- status 0 in review, 1 approved, 2 rejected.
CREATE TABLE brand_application (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id         BIGINT  NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    company_name    TEXT    NOT NULL,
    brand_name      TEXT    NOT NULL,
    contact_name    TEXT    NOT NULL,
    mobile          TEXT    NOT NULL,
    email           TEXT    NOT NULL DEFAULT '',
    website         TEXT    NOT NULL DEFAULT '',
    description     TEXT    NOT NULL DEFAULT '',
    -- JSON array of {library, code}.
    categories      TEXT    NOT NULL,
    licence_file_id TEXT    NOT NULL,
    status          INTEGER NOT NULL DEFAULT 0,
    review_remark   TEXT    NOT NULL DEFAULT '',
    reviewed_by     BIGINT  REFERENCES app_user (id) ON DELETE SET NULL,
    reviewed_at     TEXT,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
);
CREATE INDEX brand_application_user_idx ON brand_application (user_id, id);
CREATE INDEX brand_application_status_idx ON brand_application (status, id);
