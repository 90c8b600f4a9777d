-- 17: rows no desk placed are never sent (issue 38, item 3, `store::desks`). On every
-- order, the key id of the desk that signed it and its Ed25519 signature over the bytes
-- that matter for money, and why a desk refused to send it (`refused`: `unsigned`,
-- `changed`, `refused-desk`; its sentence is the row's `error_message`), with an index of
-- the refused rows. The team's `desks` (each desk's public key, under its key id) and
-- `desk_vouches` (a desk's signature over another desk's key) are here only so that both
-- schemas keep the same tables. This desk's own: `desk_trust`, the keys it trusts (its own,
-- those its person confirmed) or refused, never read from the team database; and
-- `refusals_told`, the refused team rows its person was told of.
ALTER TABLE local_orders ADD COLUMN signed_by TEXT;
ALTER TABLE local_orders ADD COLUMN signature BLOB;
ALTER TABLE local_orders ADD COLUMN refused TEXT;
CREATE INDEX local_orders_refused ON local_orders (id) WHERE refused IS NOT NULL;
CREATE TABLE desks (
    key_id              TEXT PRIMARY KEY,
    name                TEXT NOT NULL DEFAULT '',
    public_key          BLOB NOT NULL,
    registered_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE desk_vouches (
    voucher             TEXT NOT NULL,
    key_id              TEXT NOT NULL,
    public_key          BLOB NOT NULL,
    signature           BLOB NOT NULL,
    at                  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (voucher, key_id)
);
CREATE TABLE desk_trust (
    key_id              TEXT PRIMARY KEY,
    public_key          BLOB NOT NULL,
    name                TEXT NOT NULL DEFAULT '',
    trust               TEXT NOT NULL CHECK (trust IN ('own', 'confirmed', 'refused')),
    at                  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE refusals_told (
    order_id            INTEGER PRIMARY KEY
);
