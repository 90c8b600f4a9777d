-- 5: SQLite's version 12 (History's columns, kept by a trigger, and its indexes). Folding
-- to lower case takes ICU's rules where the server has them (`und-x-icu`), so a database
-- made with the "C" locale still folds Æ, Ø and Å; without ICU, the database's own.
ALTER TABLE local_orders ADD COLUMN search_text TEXT;
ALTER TABLE local_orders ADD COLUMN recipient_text TEXT;
ALTER TABLE local_orders ADD COLUMN service_placed_at TEXT COLLATE "C";
ALTER TABLE local_orders ADD COLUMN total_e4 BIGINT;
ALTER TABLE local_orders ADD COLUMN currency TEXT;
DO $do$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') THEN
        EXECUTE 'CREATE FUNCTION logodesk_fold(t TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE
            PARALLEL SAFE AS $f$ SELECT lower(t COLLATE "und-x-icu") $f$';
    ELSE
        EXECUTE 'CREATE FUNCTION logodesk_fold(t TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE
            PARALLEL SAFE AS $f$ SELECT lower(t) $f$';
    END IF;
END $do$;
CREATE FUNCTION history_columns() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    ord JSONB;
BEGIN
    NEW.search_text := logodesk_fold(concat_ws(chr(10), NEW.order_number, NEW.reference,
        NEW.recipient, NEW.tracking_id::TEXT));
    NEW.recipient_text := logodesk_fold(NEW.recipient);
    NEW.service_placed_at := NULL;
    NEW.total_e4 := NULL;
    NEW.currency := NULL;
    -- The store writes the record as the service's JSON; anything else adds up to nothing.
    BEGIN
        ord := NEW.record_json::JSONB -> 'order';
        NEW.service_placed_at := to_char(CAST(ord ->> 'placedAtUtc' AS TIMESTAMPTZ)
            AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
        NEW.total_e4 := round(CAST(ord ->> 'total' AS NUMERIC) * 10000);
        NEW.currency := btrim(ord ->> 'currency');
    EXCEPTION WHEN others THEN
        NEW.service_placed_at := NULL;
        NEW.total_e4 := NULL;
        NEW.currency := NULL;
    END;
    RETURN NEW;
END $$;
CREATE TRIGGER local_orders_history
    BEFORE INSERT OR UPDATE OF order_number, reference, recipient, tracking_id, record_json
    ON local_orders FOR EACH ROW EXECUTE FUNCTION history_columns();
UPDATE local_orders SET reference = reference;
CREATE INDEX local_orders_history ON local_orders (account_id, updated_at, id)
    INCLUDE (state, currency, total_e4, service_placed_at, recipient_text, search_text)
    WHERE state <> 'draft';
CREATE INDEX local_orders_placed_forms ON local_orders
    (account_id, COALESCE(queued_at, updated_at), id)
    WHERE state <> 'draft' AND draft_json IS NOT NULL;
