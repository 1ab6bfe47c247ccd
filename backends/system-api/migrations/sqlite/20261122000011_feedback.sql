-- Feedback users send to the platform (spec §3 "Feedback message"); operators close it with a
-- reply. feedback_type 1 需求反馈, 2 意见建议, 3 问题反馈, 4 其他; status 0 open, 1 closed.
CREATE TABLE feedback_message (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       BIGINT  NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    feedback_type INTEGER NOT NULL,
    message       TEXT    NOT NULL,
    mobile        TEXT    NOT NULL DEFAULT '',
    email         TEXT    NOT NULL DEFAULT '',
    org_name      TEXT    NOT NULL DEFAULT '',
    -- Comma-joined file ids of up to 3 images.
    images        TEXT    NOT NULL DEFAULT '',
    -- The client's channel header (portal or a plug-in channel code).
    channel       TEXT    NOT NULL DEFAULT '',
    status        INTEGER NOT NULL DEFAULT 0,
    reply         TEXT    NOT NULL DEFAULT '',
    closed_by     BIGINT  REFERENCES app_user (id) ON DELETE SET NULL,
    closed_at     TEXT,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);
CREATE INDEX feedback_message_status_idx ON feedback_message (status, id);
CREATE INDEX feedback_message_user_idx ON feedback_message (user_id, id);
