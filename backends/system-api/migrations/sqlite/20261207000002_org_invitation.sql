-- Invitations into an organisation (docs/operations.md "Invitations"): an organisation's
-- administrator invites an account of the platform; it joins only when its holder accepts in
-- the personal centre. status: 0 pending, 1 accepted, 2 declined, 3 withdrawn by the
-- organisation. A pending invitation expires 7 days after it was (re)issued.
CREATE TABLE org_invitation (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id      BIGINT NOT NULL REFERENCES org (id),
    user_id     BIGINT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    inviter_id  BIGINT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    status      INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL,
    decided_at  TEXT
);
-- One pending invitation per organisation and account: inviting again re-issues it.
CREATE UNIQUE INDEX org_invitation_pending_key ON org_invitation (org_id, user_id) WHERE status = 0;
CREATE INDEX org_invitation_user_idx ON org_invitation (user_id, status);
