-- An organisation's own administrators (docs/operations.md "An organisation's administrators"):
-- a member with the flag lists its organisation's members, removes them and names or drops
-- other administrators. Moving between organisations clears it.
ALTER TABLE app_user ADD COLUMN org_admin BOOLEAN NOT NULL DEFAULT FALSE;
