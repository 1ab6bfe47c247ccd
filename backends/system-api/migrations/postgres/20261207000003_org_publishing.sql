-- Who may publish into the organisation's enterprise libraries (docs/operations.md "An
-- organisation's administrators"): its administrators take `enterprise:item:publish` from a
-- member (the flag false) or give it back; every member may by default. Moving between
-- organisations sets it back.
ALTER TABLE app_user ADD COLUMN org_may_publish BOOLEAN NOT NULL DEFAULT TRUE;
