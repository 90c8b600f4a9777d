-- 11: a team's drafts saved (and placed) on this desk while the team database was out of
-- reach (issue 29, `store::offline`), one row per team draft with the newest text: written
-- back to the team's row on reconnect, or kept as a new draft there when another desk
-- changed the row meanwhile. This desk's own table (not in the team's schema): the team's
-- ids are ≥ 2^40, not rows of this file. `body`: placed meanwhile, the exact body to queue;
-- `base_version`: the draft's version the first kept save was based on (migration 10).
CREATE TABLE team_kept (
    order_id            INTEGER PRIMARY KEY,
    account_id          INTEGER NOT NULL,
    draft_json          TEXT NOT NULL,
    reference           TEXT NOT NULL DEFAULT '',
    recipient           TEXT NOT NULL DEFAULT '',
    body                BLOB,
    base_version        INTEGER NOT NULL,
    kept_at             TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
