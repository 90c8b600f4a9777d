-- The team database's two roles (README, "Team: the two roles and their grants"). Run once on
-- the database server as the PostgreSQL superuser:
--
--     psql -U postgres -d postgres -f roles.sql
--     psql -U postgres -d postgres -c '\password logodesk_owner' -c '\password logodesk'
--
-- (`\password` asks for each password and sends only its hash: it is in no shell history.)
--
-- logodesk_owner owns the schema: it creates and upgrades the tables (`logodesk migrate-team`
-- once, and again after an upgrade of logodesk that says the team database needs it).
-- logodesk is the role every desk and the sender log in as: it reads and writes rows and can
-- neither drop nor alter the schema, its tables or its functions.
\set ON_ERROR_STOP on
CREATE ROLE logodesk_owner LOGIN;
CREATE ROLE logodesk LOGIN;
CREATE DATABASE logodesk OWNER postgres;
REVOKE ALL ON DATABASE logodesk FROM PUBLIC;
GRANT CONNECT ON DATABASE logodesk TO logodesk_owner, logodesk;
\connect logodesk
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
CREATE SCHEMA logodesk AUTHORIZATION logodesk_owner;
REVOKE ALL ON SCHEMA logodesk FROM PUBLIC;
GRANT USAGE ON SCHEMA logodesk TO logodesk;
-- What the owner creates in the schema, now and in later upgrades, the desks may use.
ALTER DEFAULT PRIVILEGES FOR ROLE logodesk_owner IN SCHEMA logodesk
    GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO logodesk;
ALTER DEFAULT PRIVILEGES FOR ROLE logodesk_owner IN SCHEMA logodesk
    GRANT USAGE, SELECT ON SEQUENCES TO logodesk;
