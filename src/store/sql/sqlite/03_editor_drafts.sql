-- 3: what the draft editor must remember of a logo that the service does not say: its
-- original colors (JSON array, for `changecolors`' `from`), whether this app confirmed
-- its method (NULL: unknown), and the targets the service applied (JSON array of ids).
CREATE TABLE editor_drafts (
    account_id          INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    logo_id             INTEGER NOT NULL,
    original_colors     TEXT NOT NULL,
    method_confirmed    INTEGER,
    applied_targets     TEXT,
    PRIMARY KEY (account_id, logo_id)
);
