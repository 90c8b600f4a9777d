-- 16: the print of the key a send that may have reached the service went with, when the
-- body names no `organizationId` (issue 38, `store::orders`, "Organizations"): the service
-- scopes the Idempotency-Key to the caller's own organization then, so only a key with
-- the same print resends it. NULL: no such send, or the body names its organization.
ALTER TABLE local_orders ADD COLUMN sent_key TEXT;
