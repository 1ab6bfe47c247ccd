-- Issue 12: file content is served by an unguessable key (docs/files.md "Who may read"), never by
-- the sequential id. Every existing file gets a random key (128 bits, hex); avatars stored as the
-- old id address are rewritten to the key address so they keep showing.
ALTER TABLE file ADD COLUMN access_key TEXT NOT NULL DEFAULT '';
UPDATE file SET access_key = replace(gen_random_uuid()::text, '-', '') WHERE access_key = '';
CREATE UNIQUE INDEX file_access_key ON file (access_key);
CREATE INDEX file_user_created ON file (user_id, id);
UPDATE app_user
SET avatar = (
    SELECT '/to/api/base/file/content/get/' || f.access_key FROM file f
    WHERE app_user.avatar = '/to/api/base/file/content/get/' || CAST(f.id AS TEXT)
)
WHERE avatar LIKE '/to/api/base/file/content/get/%'
  AND EXISTS (
    SELECT 1 FROM file f WHERE app_user.avatar = '/to/api/base/file/content/get/' || CAST(f.id AS TEXT)
  );
