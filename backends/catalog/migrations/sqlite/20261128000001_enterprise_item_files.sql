-- The files of an enterprise item (model, datasheet, drawing; docs/enterprise-library.md "Files"):
-- a JSON array of {kind, name, mediaType, size, digest} in the submitter's order. The bytes are
-- copies in the library's content-addressed item store (`items/<sha-256>`), not the upload itself,
-- so a member deleting the upload in 我的文件 leaves the item whole.
ALTER TABLE enterprise_item ADD COLUMN files TEXT NOT NULL DEFAULT '[]';
