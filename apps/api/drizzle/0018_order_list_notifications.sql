-- Each API instance caches order list answers per agency (flight-orders/list-cache.ts) and drops an
-- agency's answers when told that its list rows changed: `pg_notify('order_list_changed',
-- '<schema>:<agency id>')`, or `'<schema>:*'` after a TRUNCATE. Statement-level triggers with
-- transition tables send one notification per statement and distinct agency (a 100,000-row
-- INSERT … SELECT sends one), not one per row. NOTIFY is transactional: it is delivered at commit
-- and dropped on rollback. The schema tells apart instances sharing a database in other schemas.
CREATE FUNCTION "order_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('order_list_changed', TG_TABLE_SCHEMA || ':*');
  ELSIF TG_TABLE_NAME = 'flight_orders' THEN
    IF TG_OP = 'INSERT' THEN
      PERFORM pg_notify('order_list_changed', TG_TABLE_SCHEMA || ':' || a.agency_id)
        FROM (SELECT DISTINCT agency_id FROM new_rows) a;
    ELSIF TG_OP = 'UPDATE' THEN
      PERFORM pg_notify('order_list_changed', TG_TABLE_SCHEMA || ':' || a.agency_id)
        FROM (SELECT agency_id FROM new_rows UNION SELECT agency_id FROM old_rows) a;
    ELSE
      PERFORM pg_notify('order_list_changed', TG_TABLE_SCHEMA || ':' || a.agency_id)
        FROM (SELECT DISTINCT agency_id FROM old_rows) a;
    END IF;
  -- ticket_claims: a list row shows its order's count of live claims; the agency is the order's.
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('order_list_changed', TG_TABLE_SCHEMA || ':' || a.agency_id)
      FROM (SELECT DISTINCT o.agency_id FROM new_rows c JOIN "public"."flight_orders" o ON o.id = c.order_id) a;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('order_list_changed', TG_TABLE_SCHEMA || ':' || a.agency_id)
      FROM (SELECT DISTINCT o.agency_id FROM (SELECT order_id FROM new_rows UNION SELECT order_id FROM old_rows) c
              JOIN "public"."flight_orders" o ON o.id = c.order_id) a;
  ELSE
    -- Claims deleted with their order (ON DELETE CASCADE) find no order: its own trigger told.
    PERFORM pg_notify('order_list_changed', TG_TABLE_SCHEMA || ':' || a.agency_id)
      FROM (SELECT DISTINCT o.agency_id FROM old_rows c JOIN "public"."flight_orders" o ON o.id = c.order_id) a;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "flight_orders_list_insert" AFTER INSERT ON "flight_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_list_changed"();--> statement-breakpoint
CREATE TRIGGER "flight_orders_list_update" AFTER UPDATE ON "flight_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_list_changed"();--> statement-breakpoint
CREATE TRIGGER "flight_orders_list_delete" AFTER DELETE ON "flight_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_list_changed"();--> statement-breakpoint
CREATE TRIGGER "flight_orders_list_truncate" AFTER TRUNCATE ON "flight_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_list_changed"();--> statement-breakpoint
CREATE TRIGGER "ticket_claims_list_insert" AFTER INSERT ON "ticket_claims" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_list_changed"();--> statement-breakpoint
CREATE TRIGGER "ticket_claims_list_update" AFTER UPDATE ON "ticket_claims" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_list_changed"();--> statement-breakpoint
CREATE TRIGGER "ticket_claims_list_delete" AFTER DELETE ON "ticket_claims" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_list_changed"();--> statement-breakpoint
CREATE TRIGGER "ticket_claims_list_truncate" AFTER TRUNCATE ON "ticket_claims" FOR EACH STATEMENT EXECUTE FUNCTION "order_list_changed"();
