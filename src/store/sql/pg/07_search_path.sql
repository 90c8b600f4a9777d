-- 7: the trigger functions look in a fixed `search_path`, not the session's: a session
-- that looks elsewhere (psql, a report tool) writes a row as a desk does, and nothing a
-- role could put in another schema (or `pg_temp`) is called in their place.
ALTER FUNCTION announce_change() SET search_path = pg_catalog, logodesk, pg_temp;
ALTER FUNCTION history_columns() SET search_path = pg_catalog, logodesk, pg_temp;
