-- Issue 12, the personal centre's "my" pages (docs/feedback-and-logs.md):
-- when the sender saw the operator's answer (NULL: closed but not yet seen → the notice badge);
ALTER TABLE feedback_message ADD COLUMN reply_seen_at TEXT;
CREATE INDEX feedback_message_unseen_idx ON feedback_message (user_id, status, reply_seen_at);
-- the brand logo of an application (an image the applicant uploaded, bizCode logo; '' when none);
ALTER TABLE brand_application ADD COLUMN logo_file_id TEXT NOT NULL DEFAULT '';
-- the brand page an approved application creates (one per application).
CREATE TABLE brand (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    application_id BIGINT  NOT NULL UNIQUE REFERENCES brand_application (id) ON DELETE CASCADE,
    user_id        BIGINT  NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    company_name   TEXT    NOT NULL,
    brand_name     TEXT    NOT NULL,
    website        TEXT    NOT NULL DEFAULT '',
    description    TEXT    NOT NULL DEFAULT '',
    -- JSON array of {library, code}.
    categories     TEXT    NOT NULL,
    logo_file_id   TEXT    NOT NULL DEFAULT '',
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);
CREATE INDEX brand_user_idx ON brand (user_id, id);
