-- 7: the club's approval of each design line's proof (`store::approvals`): steps only
-- added, the newest per line counting. `proof_file` is the kept PDF, relative to the data
-- folder's `proofs/`; `snapshot_json` what that proof showed of the line. `order_id` is not
-- a foreign key: the steps (and the PDFs they name) outlive a deleted draft's row.
CREATE TABLE proof_steps (
    id                  INTEGER PRIMARY KEY,
    order_id            INTEGER NOT NULL,
    line_key            TEXT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('sent', 'approved', 'changes_asked')),
    who                 TEXT NOT NULL DEFAULT '',
    note                TEXT NOT NULL DEFAULT '',
    at                  TEXT NOT NULL,
    proof_file          TEXT,
    proof_hash          TEXT,
    snapshot_json       TEXT NOT NULL
);
CREATE INDEX proof_steps_by_line ON proof_steps (order_id, line_key, id);
