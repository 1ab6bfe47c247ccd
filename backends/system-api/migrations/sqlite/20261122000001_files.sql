-- Uploaded files and the big-file upload sessions that precede them (docs/files.md).
-- A row in `file` exists only once an upload is finished (single upload or bigfile/create):
-- nothing is visible as a file before that.
CREATE TABLE file (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     BIGINT  NOT NULL,
    name        TEXT    NOT NULL,
    -- Object key in the blob store (local disk or S3).
    storage_key TEXT    NOT NULL UNIQUE,
    -- `local` or `s3`: where the bytes live.
    storage     TEXT    NOT NULL,
    size        BIGINT  NOT NULL,
    category    TEXT    NOT NULL,
    mime_type   TEXT    NOT NULL,
    biz_code    TEXT    NOT NULL DEFAULT '',
    module_type INTEGER NOT NULL DEFAULT 3,
    md5         TEXT,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX file_user ON file (user_id);

-- One multipart upload: `uploading` after init, `completed` after complete (bytes assembled),
-- `created` after create (then `file_id` names the file). Sessions that never reach `created`
-- are swept after `files.orphan_hours`.
CREATE TABLE file_upload_session (
    upload_id      TEXT    PRIMARY KEY,
    user_id        BIGINT  NOT NULL,
    storage_key    TEXT    NOT NULL UNIQUE,
    storage        TEXT    NOT NULL,
    file_name      TEXT    NOT NULL,
    biz_code       TEXT    NOT NULL DEFAULT '',
    module_type    INTEGER NOT NULL DEFAULT 3,
    category       TEXT    NOT NULL,
    mime_type      TEXT    NOT NULL,
    declared_size  BIGINT,
    declared_md5   TEXT,
    status         TEXT    NOT NULL,
    completed_size BIGINT,
    file_id        BIGINT,
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);
CREATE INDEX file_upload_session_resume ON file_upload_session (user_id, file_name, status);
CREATE INDEX file_upload_session_age ON file_upload_session (status, updated_at);
