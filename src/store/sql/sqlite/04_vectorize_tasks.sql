-- 4: vectorize tasks a person tracks, per account, with the newest answer of the service
-- (`last_json`, the task as returned) and when it was fetched. The backend polls the
-- pending ones, also after a restart.
CREATE TABLE vectorize_tasks (
    account_id          INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    task_id             INTEGER NOT NULL,
    last_json           TEXT NOT NULL,
    updated_at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (account_id, task_id)
);
