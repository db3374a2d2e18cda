-- One PostgreSQL role per service, with rights on its own schema only. Run by the chart's
-- database-roles hook Job (psql, connected as the admin role: the bundled server's owner or the
-- operator's), before the migration Jobs; deploy/src/helm/database-roles.spec.ts runs this file
-- against a real server. The functions live in pg_temp: nothing is left behind in the database.

-- Percent-decoding of a URL's user or password (postgres://user:p%40ss@host/db), as node-postgres
-- reads the same URL.
CREATE FUNCTION pg_temp.marketplace_url_decode(part text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT convert_from(coalesce(string_agg(
    CASE WHEN m[1] IS NOT NULL THEN decode(substr(m[1], 2), 'hex') ELSE convert_to(m[2], 'UTF8') END,
    ''::bytea ORDER BY n), ''::bytea), 'UTF8')
  FROM regexp_matches(part, '(%[0-9A-Fa-f]{2})|([^%]+|%)', 'g') WITH ORDINALITY AS t(m, n)
$fn$;

-- Makes the role that `url` (the service's DATABASE_URL) logs in as, with that password, and gives
-- it `schema_name`:
--   owns_schema false (migrations run in hook Jobs as the admin): the admin owns the schema and its
--     objects; the role may use the schema and read and write its tables and sequences (default
--     privileges cover the tables later migrations create), never change them (no DDL, no TRUNCATE).
--   owns_schema true (each service migrates itself at start): the role owns the schema and all in it.
-- Objects a previous layout left with the other owner are handed over. The role gets nothing on any
-- other schema. A URL naming the admin itself, or a role with powers no service needs (superuser,
-- CREATEROLE, BYPASSRLS, REPLICATION), is refused unless allow_shared (allowSharedCredentials).
CREATE FUNCTION pg_temp.marketplace_service_role(url text, schema_name text, owns_schema boolean, allow_shared boolean)
RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
  parts text[] := regexp_match(url, '^postgres(?:ql)?://([^:@/?#]*)(?::([^@/?#]*))?@');
  admin text := current_user;
  svc text;
  pw text;
  owner_role text;
  obj record;
  acts_for boolean;
  since16 boolean := current_setting('server_version_num')::int >= 160000;
BEGIN
  IF parts IS NULL OR parts[1] = '' THEN
    RAISE EXCEPTION 'the database URL for schema % names no role: expected postgres://ROLE:PASSWORD@host:port/database', schema_name;
  END IF;
  svc := pg_temp.marketplace_url_decode(parts[1]);
  pw := pg_temp.marketplace_url_decode(coalesce(parts[2], ''));
  IF svc = admin OR EXISTS (SELECT 1 FROM pg_roles WHERE rolname = svc AND (rolsuper OR rolcreaterole OR rolbypassrls OR rolreplication)) THEN
    IF allow_shared THEN
      RAISE WARNING 'schema % is used by role %, the admin or a role with administrative powers (allowSharedCredentials)', schema_name, svc;
      RETURN format('%s: shared login %s left as it is', schema_name, svc);
    END IF;
    RAISE EXCEPTION 'the service using schema % logs in as %, the admin or a role with administrative powers: give it a role of its own (its <APP>_DATABASE_URL), or set allowSharedCredentials=true', schema_name, svc;
  END IF;
  IF pw = '' THEN
    RAISE EXCEPTION 'the database URL for schema % (role %) has no password', schema_name, svc;
  END IF;

  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = svc) THEN
    BEGIN
      EXECUTE format('ALTER ROLE %I WITH LOGIN PASSWORD %L', svc, pw);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE EXCEPTION 'the admin role % may not set the password of role % (it did not create it): GRANT % TO % WITH ADMIN OPTION once, as a superuser, then retry', admin, svc, quote_ident(svc), quote_ident(admin);
    END;
  ELSE
    EXECUTE format('CREATE ROLE %I WITH LOGIN PASSWORD %L', svc, pw);
  END IF;
  -- Handing objects to or from the role, or making it a schema's owner, takes membership in it; the
  -- role's creator may grant that to itself (a superuser needs none).
  -- From PostgreSQL 16 the creator's own grant carries ADMIN only: SET and INHERIT are asked for.
  acts_for := pg_has_role(admin, svc, 'USAGE');
  IF acts_for AND since16 THEN
    acts_for := pg_has_role(admin, svc, 'SET');
  END IF;
  IF NOT acts_for THEN
    BEGIN
      EXECUTE format('GRANT %I TO %I', svc, admin) || CASE WHEN since16 THEN ' WITH INHERIT TRUE, SET TRUE' ELSE '' END;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE EXCEPTION 'the admin role % cannot act for role % (it did not create it): GRANT % TO % once, as a superuser, then retry', admin, svc, quote_ident(svc), quote_ident(admin);
    END;
  END IF;
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), svc);

  owner_role := CASE WHEN owns_schema THEN svc ELSE admin END;
  IF NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = schema_name) THEN
    EXECUTE format('CREATE SCHEMA %I AUTHORIZATION %I', schema_name, owner_role);
  ELSIF (SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = schema_name) <> owner_role THEN
    EXECUTE format('ALTER SCHEMA %I OWNER TO %I', schema_name, owner_role);
  END IF;
  -- Tables, views and sequences of their own (a serial or identity sequence follows its table).
  FOR obj IN
    SELECT c.relname, c.relkind FROM pg_class c
    WHERE c.relnamespace = schema_name::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
      AND pg_get_userbyid(c.relowner) <> owner_role
      AND NOT (c.relkind = 'S' AND EXISTS (
        SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i')))
  LOOP
    EXECUTE format('ALTER %s %I.%I OWNER TO %I',
      CASE obj.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
      schema_name, obj.relname, owner_role);
  END LOOP;
  FOR obj IN
    SELECT p.oid::regprocedure AS signature FROM pg_proc p
    WHERE p.pronamespace = schema_name::regnamespace AND pg_get_userbyid(p.proowner) <> owner_role
  LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO %I', obj.signature, owner_role);
  END LOOP;
  FOR obj IN
    SELECT t.typname, t.typtype FROM pg_type t
    WHERE t.typnamespace = schema_name::regnamespace AND t.typtype IN ('e', 'd') AND pg_get_userbyid(t.typowner) <> owner_role
  LOOP
    EXECUTE format('ALTER %s %I.%I OWNER TO %I', CASE obj.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, schema_name, obj.typname, owner_role);
  END LOOP;

  IF NOT owns_schema THEN
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', schema_name, svc);
    EXECUTE format('REVOKE CREATE ON SCHEMA %I FROM %I', schema_name, svc);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO %I', schema_name, svc);
    EXECUTE format('GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA %I TO %I', schema_name, svc);
    EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I', admin, schema_name, svc);
    EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA %I GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO %I', admin, schema_name, svc);
  END IF;
  RETURN format('%s: role %s, schema owned by %s', schema_name, svc, owner_role);
END
$fn$;
