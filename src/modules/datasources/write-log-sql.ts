/**
 * The sealed write log installed in every managed database (docs/datasources.md "Sealed
 * writes"). It lives in the schema `signet_seal`, owned by the operator's account; the
 * customer's role cannot read or write it, only the triggers can (SECURITY DEFINER).
 *
 * - `write_log(seq, at_ms, op, tbl, old_pk, pk, row_hash, chain_hash)`: one row per row
 *   written (I insert, U update, D delete), per TRUNCATE (T), per table dropped (X) and per
 *   row restated after an ALTER TABLE (A), in commit order under one advisory lock;
 * - `row_hash` = hex SHA-256 of the row's jsonb text (PostgreSQL's canonical jsonb
 *   output: keys ordered, fixed spacing), `pk` the primary-key columns as jsonb (the whole
 *   row when the table has no primary key), `old_pk` the previous key when an update
 *   changed it;
 * - `chain_hash_n` = hex SHA-256 of the UTF-8 text
 *   `chain_hash_{n-1} \n seq \n at_ms \n op \n tbl \n old_pk \n pk \n row_hash`
 *   (absent values as empty strings, 64 zeros before the first row);
 * - an event trigger attaches the row and truncate triggers to every table created in the
 *   database, logs the rows a CREATE TABLE AS brought, logs dropped tables, and restates
 *   every row (op A) after an ALTER TABLE that changed the table's columns (names and
 *   types, kept in `table_shapes`): their jsonb, and so their hashes, changed with no
 *   write. An ALTER TABLE that leaves the columns alone (a trigger switched off and on
 *   again, a constraint) restates nothing, so it cannot make unlogged rows look logged.
 */
export const SEAL_SCHEMA = "signet_seal";
export const GENESIS_CHAIN = "0".repeat(64);
/** The advisory lock every append takes, so the chain has one order. */
const CHAIN_LOCK = 7_365_617_208;

export const INSTALL_WRITE_LOG = `
CREATE SCHEMA signet_seal;
REVOKE ALL ON SCHEMA signet_seal FROM PUBLIC;
CREATE TABLE signet_seal.write_log (
  seq bigint PRIMARY KEY,
  at_ms bigint NOT NULL,
  op text NOT NULL,
  tbl text NOT NULL,
  old_pk jsonb,
  pk jsonb,
  row_hash text,
  chain_hash text NOT NULL
);
REVOKE ALL ON signet_seal.write_log FROM PUBLIC;
CREATE TABLE signet_seal.table_shapes (rel oid PRIMARY KEY, shape text NOT NULL);
REVOKE ALL ON signet_seal.table_shapes FROM PUBLIC;

CREATE FUNCTION signet_seal.shape_of(rel oid) RETURNS text LANGUAGE sql STABLE
  AS $$
    SELECT coalesce(string_agg(attname || ':' || format_type(atttypid, atttypmod), ',' ORDER BY attnum), '')
    FROM pg_catalog.pg_attribute WHERE attrelid = rel AND attnum > 0 AND NOT attisdropped
  $$;

CREATE FUNCTION signet_seal.row_hash(r jsonb) RETURNS text LANGUAGE sql IMMUTABLE
  AS $$ SELECT encode(sha256(convert_to(r::text, 'UTF8')), 'hex') $$;

CREATE FUNCTION signet_seal.pk_of(rel oid, r jsonb) RETURNS jsonb LANGUAGE sql STABLE
  AS $$
    SELECT coalesce(jsonb_object_agg(a.attname, r -> a.attname::text), r)
    FROM pg_catalog.pg_index i JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
    WHERE i.indrelid = rel AND i.indisprimary
  $$;

CREATE FUNCTION signet_seal.append(p_op text, p_tbl text, p_old_pk jsonb, p_pk jsonb, p_hash text) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, signet_seal
  AS $$
  DECLARE
    last_seq bigint;
    last_chain text;
    now_ms bigint := floor(extract(epoch FROM clock_timestamp()) * 1000);
  BEGIN
    PERFORM pg_advisory_xact_lock(${CHAIN_LOCK});
    SELECT seq, chain_hash INTO last_seq, last_chain FROM signet_seal.write_log ORDER BY seq DESC LIMIT 1;
    IF last_seq IS NULL THEN last_seq := 0; last_chain := '${GENESIS_CHAIN}'; END IF;
    INSERT INTO signet_seal.write_log VALUES (
      last_seq + 1, now_ms, p_op, p_tbl, p_old_pk, p_pk, p_hash,
      encode(sha256(convert_to(
        last_chain || E'\\n' || (last_seq + 1)::text || E'\\n' || now_ms::text || E'\\n' || p_op || E'\\n' || p_tbl || E'\\n' ||
        coalesce(p_old_pk::text, '') || E'\\n' || coalesce(p_pk::text, '') || E'\\n' || coalesce(p_hash, ''), 'UTF8')), 'hex'));
  END $$;

CREATE FUNCTION signet_seal.record_row() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, signet_seal
  AS $$
  DECLARE
    tbl text := quote_ident(TG_TABLE_SCHEMA) || '.' || quote_ident(TG_TABLE_NAME);
    n jsonb;
    o jsonb;
  BEGIN
    IF TG_OP = 'INSERT' THEN
      n := to_jsonb(NEW);
      PERFORM signet_seal.append('I', tbl, NULL, signet_seal.pk_of(TG_RELID, n), signet_seal.row_hash(n));
    ELSIF TG_OP = 'UPDATE' THEN
      n := to_jsonb(NEW);
      o := to_jsonb(OLD);
      PERFORM signet_seal.append('U', tbl, NULLIF(signet_seal.pk_of(TG_RELID, o), signet_seal.pk_of(TG_RELID, n)), signet_seal.pk_of(TG_RELID, n), signet_seal.row_hash(n));
    ELSE
      o := to_jsonb(OLD);
      PERFORM signet_seal.append('D', tbl, NULL, signet_seal.pk_of(TG_RELID, o), signet_seal.row_hash(o));
    END IF;
    RETURN NULL;
  END $$;

CREATE FUNCTION signet_seal.record_truncate() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, signet_seal
  AS $$
  BEGIN
    PERFORM signet_seal.append('T', quote_ident(TG_TABLE_SCHEMA) || '.' || quote_ident(TG_TABLE_NAME), NULL, NULL, NULL);
    RETURN NULL;
  END $$;

-- Logs every row of a table as it is now (op A after ALTER TABLE, I after CREATE TABLE AS).
CREATE FUNCTION signet_seal.restate(rel oid, p_op text) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, signet_seal
  AS $$
  DECLARE
    r record;
    tbl text := (SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = rel);
  BEGIN
    FOR r IN EXECUTE format('SELECT to_jsonb(t) AS j FROM %s t', tbl) LOOP
      PERFORM signet_seal.append(p_op, tbl, NULL, signet_seal.pk_of(rel, r.j), signet_seal.row_hash(r.j));
    END LOOP;
  END $$;

CREATE FUNCTION signet_seal.on_ddl() RETURNS event_trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, signet_seal
  AS $$
  DECLARE
    obj record;
    shape text;
  BEGIN
    FOR obj IN SELECT * FROM pg_event_trigger_ddl_commands() WHERE object_type = 'table' LOOP
      CONTINUE WHEN obj.schema_name = 'signet_seal' OR obj.schema_name LIKE 'pg_temp%';
      IF obj.command_tag IN ('CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO') THEN
        IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = obj.objid AND tgname = 'signet_seal_rows') THEN
          EXECUTE format('CREATE TRIGGER signet_seal_rows AFTER INSERT OR UPDATE OR DELETE ON %s FOR EACH ROW EXECUTE FUNCTION signet_seal.record_row()', obj.object_identity);
          EXECUTE format('CREATE TRIGGER signet_seal_truncate AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION signet_seal.record_truncate()', obj.object_identity);
          PERFORM signet_seal.restate(obj.objid, 'I');
          INSERT INTO signet_seal.table_shapes VALUES (obj.objid, signet_seal.shape_of(obj.objid)) ON CONFLICT (rel) DO UPDATE SET shape = EXCLUDED.shape;
        END IF;
      ELSIF obj.command_tag = 'ALTER TABLE' THEN
        shape := signet_seal.shape_of(obj.objid);
        IF shape IS DISTINCT FROM (SELECT s.shape FROM signet_seal.table_shapes s WHERE s.rel = obj.objid) THEN
          INSERT INTO signet_seal.table_shapes VALUES (obj.objid, shape) ON CONFLICT (rel) DO UPDATE SET shape = EXCLUDED.shape;
          PERFORM signet_seal.restate(obj.objid, 'A');
        END IF;
      END IF;
    END LOOP;
  END $$;

CREATE FUNCTION signet_seal.on_drop() RETURNS event_trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, signet_seal
  AS $$
  DECLARE obj record;
  BEGIN
    FOR obj IN SELECT * FROM pg_event_trigger_dropped_objects() WHERE object_type = 'table' AND original LOOP
      CONTINUE WHEN obj.schema_name = 'signet_seal' OR obj.schema_name LIKE 'pg_temp%';
      PERFORM signet_seal.append('X', quote_ident(obj.schema_name) || '.' || quote_ident(obj.object_name), NULL, NULL, NULL);
    END LOOP;
  END $$;

CREATE EVENT TRIGGER signet_seal_ddl ON ddl_command_end WHEN TAG IN ('CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE') EXECUTE FUNCTION signet_seal.on_ddl();
CREATE EVENT TRIGGER signet_seal_drop ON sql_drop WHEN TAG IN ('DROP TABLE') EXECUTE FUNCTION signet_seal.on_drop();
`;
