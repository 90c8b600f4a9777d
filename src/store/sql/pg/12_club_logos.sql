-- 12: a club asked about a logo draft before it is committed (`store::club`), not only about
-- an order's design lines. A request names one subject: an order (`order_id`) or a logo
-- draft of a team account (`account_id`, `logo_id`, the service's logo id). A logo's
-- decision writes no `proof_steps`: the editor reads it from `club_decisions`. The room's
-- settings are announced too: a sender that starts serving the room (or serves it at another
-- address) is heard by the desks showing a draft, which may then ask.
ALTER TABLE club_requests ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE club_requests ADD COLUMN account_id BIGINT;
ALTER TABLE club_requests ADD COLUMN logo_id BIGINT;
ALTER TABLE club_requests ADD CONSTRAINT club_requests_one_subject CHECK (
    (order_id IS NOT NULL AND account_id IS NULL AND logo_id IS NULL)
    OR (order_id IS NULL AND account_id IS NOT NULL AND logo_id IS NOT NULL)
);
CREATE INDEX club_requests_by_logo ON club_requests (account_id, logo_id, id)
    WHERE logo_id IS NOT NULL;
CREATE TRIGGER club_room_announce AFTER INSERT OR UPDATE OR DELETE
    ON club_room FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
