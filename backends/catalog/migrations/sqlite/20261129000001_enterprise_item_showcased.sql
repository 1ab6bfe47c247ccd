-- Whether the organisation shows the item on its public page (docs/enterprise-library.md
-- "The organisation's public page"): everyone sees it there while it is approved. Off until a
-- member with enterprise:item:publish turns it on.
ALTER TABLE enterprise_item ADD COLUMN showcased INTEGER NOT NULL DEFAULT 0;

CREATE INDEX enterprise_item_showcase_idx ON enterprise_item (library, org_id, showcased, state, id);
