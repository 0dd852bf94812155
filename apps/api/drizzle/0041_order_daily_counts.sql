-- The order list's exact counts (docs/performance/history.md, "Exact order counts from counts kept
-- per day"): the number of orders per agency, status and UTC day of booking, kept by the database
-- with every insert, status change and delete of an order, in the writing transaction. A count of
-- the whole agency (statuses and a time range at most) reads its whole UTC days from here and only
-- the orders of a range's partial first and last day from `flight_orders`.
CREATE TABLE "order_daily_counts" (
  "agency_id" integer NOT NULL,
  "status" text NOT NULL,
  "day" timestamp with time zone NOT NULL,
  "orders" integer NOT NULL,
  CONSTRAINT "order_daily_counts_pkey" PRIMARY KEY ("agency_id", "status", "day")
-- A day's row is rewritten with each booking of the agency: no index holds the count and pages
-- keep room, so each rewrite is a heap-only update (no new index entries behind one hot key) and
-- its dead versions are pruned with the page. A year of ten statuses is 3,650 rows an agency.
) WITH (fillfactor = 50);--> statement-breakpoint
-- The key reads a status's days (a tab, a status filter); this one a range of days over every
-- status (the list without a status filter).
CREATE INDEX "order_daily_counts_agency_day_idx" ON "order_daily_counts" USING btree ("agency_id", "day");--> statement-breakpoint
-- One row's change of (agency, status, day): -1 for the old, +1 for the new, grouped (an order
-- whose day and status stay adds 0) and in key order, so that two transactions lock the rows of
-- one event in the same order.
CREATE FUNCTION "order_daily_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "public"."order_daily_counts" AS c ("agency_id", "status", "day", "orders")
      VALUES (NEW.agency_id, NEW.status, date_trunc('day', NEW.created_at, 'UTC'), 1)
      ON CONFLICT ("agency_id", "status", "day") DO UPDATE SET "orders" = c.orders + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "public"."order_daily_counts" AS c ("agency_id", "status", "day", "orders")
      VALUES (OLD.agency_id, OLD.status, date_trunc('day', OLD.created_at, 'UTC'), -1)
      ON CONFLICT ("agency_id", "status", "day") DO UPDATE SET "orders" = c.orders - 1;
  ELSE
    INSERT INTO "public"."order_daily_counts" AS c ("agency_id", "status", "day", "orders")
      SELECT k.agency_id, k.status, k.day, sum(k.n)::integer FROM (VALUES
        (OLD.agency_id, OLD.status, date_trunc('day', OLD.created_at, 'UTC'), -1),
        (NEW.agency_id, NEW.status, date_trunc('day', NEW.created_at, 'UTC'), 1)) k(agency_id, status, day, n)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("agency_id", "status", "day") DO UPDATE SET "orders" = c.orders + excluded.orders;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Deferred to the commit: every booking of an agency adds to the same row of the day, locked until
-- the transaction ends, so it is taken last (after the booking's other writes and the agency's
-- look-to-book row, which already lines its bookings up) and held only through the commit. Row
-- triggers whose WHEN PostgreSQL checks first: an update that leaves status, agency and booking
-- time as they were (payment states, deadlines, tickets) queues nothing.
CREATE CONSTRAINT TRIGGER "flight_orders_daily_counts_insert" AFTER INSERT ON "flight_orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_daily_counts_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "flight_orders_daily_counts_update" AFTER UPDATE ON "flight_orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((NEW.status, NEW.agency_id, NEW.created_at) IS DISTINCT FROM (OLD.status, OLD.agency_id, OLD.created_at))
  EXECUTE FUNCTION "order_daily_counts_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "flight_orders_daily_counts_delete" AFTER DELETE ON "flight_orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_daily_counts_changed"();--> statement-breakpoint
CREATE FUNCTION "order_daily_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "public"."order_daily_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "flight_orders_daily_counts_truncate" AFTER TRUNCATE ON "flight_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_daily_counts_truncated"();--> statement-breakpoint
INSERT INTO "order_daily_counts" ("agency_id", "status", "day", "orders")
  SELECT agency_id, status, date_trunc('day', created_at, 'UTC'), count(*)::integer
  FROM "flight_orders" GROUP BY 1, 2, 3;
