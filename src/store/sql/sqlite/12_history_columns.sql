-- 12: History at the scale of a team (issue 29, item 9): what History filters and adds up
-- by, kept on each row so a page and its count are read from one index, never from the
-- rows' JSON. `search_text`: the order number, reference, recipient and tracking id, folded
-- to lower case by `logodesk_fold` (Rust's `to_lowercase`, registered on every connection:
-- SQLite's `lower` knows only ASCII); `recipient_text` the recipient alone; from the
-- service's record: `service_placed_at` (its `placedAtUtc` as the store's time text),
-- `total_e4` (the total in ten-thousandths, an integer: sums are exact in SQL) and
-- `currency`. Triggers keep them (whoever writes the row); the index is History's order
-- (newest first, `store::orders::history`) with every filtered column. A second index
-- reads the address book's newest placed forms (`placed_forms`) without a sort.
ALTER TABLE local_orders ADD COLUMN search_text TEXT;
ALTER TABLE local_orders ADD COLUMN recipient_text TEXT;
ALTER TABLE local_orders ADD COLUMN service_placed_at TEXT;
ALTER TABLE local_orders ADD COLUMN total_e4 INTEGER;
ALTER TABLE local_orders ADD COLUMN currency TEXT;
UPDATE local_orders SET search_text = logodesk_fold(concat_ws(char(10), order_number, reference, recipient,
        CAST(tracking_id AS TEXT))),
    recipient_text = logodesk_fold(recipient),
    service_placed_at = CASE WHEN json_valid(record_json) THEN
        strftime('%Y-%m-%dT%H:%M:%fZ', json_extract(record_json, '$.order.placedAtUtc')) END,
    total_e4 = CASE WHEN json_valid(record_json) THEN
        CAST(round(json_extract(record_json, '$.order.total') * 10000) AS INTEGER) END,
    currency = CASE WHEN json_valid(record_json) THEN
        trim(json_extract(record_json, '$.order.currency')) END;
CREATE TRIGGER local_orders_history_insert AFTER INSERT ON local_orders BEGIN
    UPDATE local_orders SET search_text = logodesk_fold(concat_ws(char(10), order_number, reference, recipient,
        CAST(tracking_id AS TEXT))),
    recipient_text = logodesk_fold(recipient),
    service_placed_at = CASE WHEN json_valid(record_json) THEN
        strftime('%Y-%m-%dT%H:%M:%fZ', json_extract(record_json, '$.order.placedAtUtc')) END,
    total_e4 = CASE WHEN json_valid(record_json) THEN
        CAST(round(json_extract(record_json, '$.order.total') * 10000) AS INTEGER) END,
    currency = CASE WHEN json_valid(record_json) THEN
        trim(json_extract(record_json, '$.order.currency')) END WHERE id = NEW.id;
END;
CREATE TRIGGER local_orders_history_update
    AFTER UPDATE OF order_number, reference, recipient, tracking_id, record_json ON local_orders
BEGIN
    UPDATE local_orders SET search_text = logodesk_fold(concat_ws(char(10), order_number, reference, recipient,
        CAST(tracking_id AS TEXT))),
    recipient_text = logodesk_fold(recipient),
    service_placed_at = CASE WHEN json_valid(record_json) THEN
        strftime('%Y-%m-%dT%H:%M:%fZ', json_extract(record_json, '$.order.placedAtUtc')) END,
    total_e4 = CASE WHEN json_valid(record_json) THEN
        CAST(round(json_extract(record_json, '$.order.total') * 10000) AS INTEGER) END,
    currency = CASE WHEN json_valid(record_json) THEN
        trim(json_extract(record_json, '$.order.currency')) END WHERE id = NEW.id;
END;
CREATE INDEX local_orders_history ON local_orders (account_id, updated_at, id, state,
    currency, total_e4, service_placed_at, recipient_text, search_text)
    WHERE state <> 'draft';
CREATE INDEX local_orders_placed_forms ON local_orders
    (account_id, COALESCE(queued_at, updated_at), id)
    WHERE state <> 'draft' AND draft_json IS NOT NULL;
