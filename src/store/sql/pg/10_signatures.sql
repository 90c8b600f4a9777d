-- 10: SQLite's version 17 (what each desk signs, `store::desks`), without the desk's own
-- tables: the team's `desks` and `desk_vouches`, announced on the channel like the
-- others (a desk asking to join shows on the others at once). A refusal is announced as
-- the change of state it is.
ALTER TABLE local_orders ADD COLUMN signed_by TEXT;
ALTER TABLE local_orders ADD COLUMN signature BYTEA;
ALTER TABLE local_orders ADD COLUMN refused TEXT;
CREATE INDEX local_orders_refused ON local_orders (id) WHERE refused IS NOT NULL;
CREATE TABLE desks (
    key_id              TEXT PRIMARY KEY,
    name                TEXT NOT NULL DEFAULT '',
    public_key          BYTEA NOT NULL,
    registered_at       TEXT COLLATE "C" NOT NULL
                        DEFAULT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
);
CREATE TABLE desk_vouches (
    voucher             TEXT NOT NULL,
    key_id              TEXT NOT NULL,
    public_key          BYTEA NOT NULL,
    signature           BYTEA NOT NULL,
    at                  TEXT COLLATE "C" NOT NULL
                        DEFAULT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    PRIMARY KEY (voucher, key_id)
);
CREATE TRIGGER desks_announce AFTER INSERT OR UPDATE OR DELETE
    ON desks FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
CREATE TRIGGER desk_vouches_announce AFTER INSERT OR UPDATE OR DELETE
    ON desk_vouches FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
