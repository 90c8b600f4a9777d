-- 13: the team's accounts as this desk last read them (issue 29, `store::offline`): a
-- desk that starts while the team database is out of reach lists them (and makes a new
-- draft under a copy of one), instead of showing no team account until it is back. The
-- columns of `accounts` a copy is made of; rewritten at every read of the team's accounts,
-- emptied when the desk leaves the team. This desk's own table, as `team_kept`.
CREATE TABLE team_accounts_read (
    id                  INTEGER PRIMARY KEY,
    name                TEXT NOT NULL,
    kind                TEXT NOT NULL,
    base_url            TEXT,
    auth_style          TEXT NOT NULL,
    organization_id     INTEGER,
    key_location        TEXT NOT NULL,
    credential_version  INTEGER NOT NULL
);
