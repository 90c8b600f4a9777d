-- 9: what joining a team needs (issue 29; here so both schemas keep the same columns):
-- `origin` names the desk row a team row was moved from (joining twice moves nothing
-- twice), `placed_by` the desk that queued an order, `proof_pdf` a kept proof's bytes (the
-- team's desks cannot read each other's folders). On a desk of its own all stay NULL.
ALTER TABLE local_orders ADD COLUMN origin TEXT;
ALTER TABLE local_orders ADD COLUMN placed_by TEXT;
CREATE UNIQUE INDEX local_orders_origin ON local_orders (origin);
ALTER TABLE proof_steps ADD COLUMN origin TEXT;
ALTER TABLE proof_steps ADD COLUMN proof_pdf BLOB;
CREATE UNIQUE INDEX proof_steps_origin ON proof_steps (origin);
