-- Booking records as rows the database keeps (docs/performance/other-lists.md): one row per
-- passenger x segment of each ticketed order (an original `issued`, a change `changed`), instead
-- of expanding every candidate order's passengers and segments from its JSON at query time. The
-- rows are written by row triggers on flight_orders in the statement (and so the
-- transaction) that books, tickets, changes or refunds the order, whichever code path or SQL does
-- it, and deleted with their order (ON DELETE CASCADE). A ticket's status (its live claim and the
-- after-sales order's status) is still read at query time for the page's rows only.
CREATE TABLE "booking_records" (
	"order_id" uuid NOT NULL,
	"passenger_number" integer NOT NULL,
	"segment_index" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"booking_number" text NOT NULL,
	"order_type" text NOT NULL,
	"pnr" text,
	"passenger_id" text NOT NULL,
	"passenger" jsonb NOT NULL,
	"passenger_name" text NOT NULL,
	"ticket_number" text,
	"ticket_search" text,
	"segment" jsonb NOT NULL,
	"flight_number" text NOT NULL,
	"departure_date" text NOT NULL,
	CONSTRAINT "booking_records_pkey" PRIMARY KEY("order_id","passenger_number","segment_index")
);--> statement-breakpoint
ALTER TABLE "booking_records" ADD CONSTRAINT "booking_records_order_id_flight_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."flight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The list's order (newest booking first, then passenger and segment): a page, a cursor's next
-- page and the capped count read this index, the count from the index alone.
CREATE INDEX "booking_records_agency_list_idx" ON "booking_records" USING btree ("agency_id","created_at" DESC,"order_id" DESC,"passenger_number","segment_index");--> statement-breakpoint
-- "Only show own orders".
CREATE INDEX "booking_records_agency_user_list_idx" ON "booking_records" USING btree ("agency_id","user_id","created_at" DESC,"order_id" DESC,"passenger_number","segment_index");--> statement-breakpoint
-- Departure dates (a past month finds its few rows here).
CREATE INDEX "booking_records_agency_departure_idx" ON "booking_records" USING btree ("agency_id","departure_date");--> statement-breakpoint
-- Part of a passenger name, ticket number or flight number (`like '%…%'`).
CREATE INDEX "booking_records_passenger_name_trgm_idx" ON "booking_records" USING gin ("passenger_name" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "booking_records_ticket_search_trgm_idx" ON "booking_records" USING gin ("ticket_search" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "booking_records_flight_number_trgm_idx" ON "booking_records" USING gin ("flight_number" public.gin_trgm_ops);--> statement-breakpoint
-- The rows of the orders named by id: an order's passengers x flattened segments (the segment
-- index counts across legs), each ticket-segment's ticket (a conjunction ticket covers four
-- coupons: the n-th segment is on ticket floor(n / 4), the last one when the supplier gave
-- fewer), and the searchable texts in upper case. Only ticketed orders have rows. A field missing
-- from an order's JSON (hand-made or old rows) gives an empty text, never an error: the rows are
-- derived, and must never refuse the write of the order they derive from. Without JIT: the
-- planner's estimate of the JSON expansions passes the JIT threshold, and compiling took about
-- 30 ms on each call, on every ticketing (1,200 orders ticketed in one statement took 39 s).
CREATE FUNCTION "booking_records_write"(ids uuid[]) RETURNS void LANGUAGE sql SET jit = off AS $$
  INSERT INTO "public"."booking_records" ("order_id", "passenger_number", "segment_index", "agency_id",
    "user_id", "created_at", "booking_number", "order_type", "pnr", "passenger_id", "passenger",
    "passenger_name", "ticket_number", "ticket_search", "segment", "flight_number", "departure_date")
  SELECT o.id, p.pn, s.idx, o.agency_id, o.user_id, o.created_at, o.booking_number, o.type, o.pnr,
    coalesce(p.pax->>'id', ''),
    jsonb_build_object('id', p.pax->'id', 'surname', p.pax->'surname', 'given_names', p.pax->'given_names', 'type', p.pax->'type'),
    upper(coalesce(p.pax->>'surname', '') || '/' || coalesce(p.pax->>'given_names', '')),
    t.ticket, upper(replace(t.ticket, '-', '')),
    s.seg,
    upper(coalesce(s.seg->>'marketingCarrier', '') || coalesce(s.seg->>'flightNumber', '')),
    coalesce(left(s.seg->'departure'->>'time', 10), '')
  FROM "public"."flight_orders" o
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(o.passengers) = 'array' THEN o.passengers ELSE '[]' END) WITH ORDINALITY AS p(pax, pn)
  CROSS JOIN LATERAL (
    SELECT sg.seg, (row_number() OVER (ORDER BY l.li, sg.si) - 1)::int AS idx
    FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(o.solution->'legs') = 'array' THEN o.solution->'legs' ELSE '[]' END
    ) WITH ORDINALITY AS l(leg, li)
    CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(l.leg->'segments') = 'array' THEN l.leg->'segments' ELSE '[]' END
    ) WITH ORDINALITY AS sg(seg, si)
  ) s
  CROSS JOIN LATERAL (
    SELECT CASE WHEN jsonb_typeof(p.pax->'ticketNumbers') = 'array'
      THEN p.pax->'ticketNumbers'->>least(s.idx / 4, jsonb_array_length(p.pax->'ticketNumbers') - 1) END AS ticket
  ) t
  WHERE o.id = ANY (ids)
    AND ((o.type = 'origin' AND o.status = 'issued') OR (o.type = 'change' AND o.status = 'changed'))
$$;--> statement-breakpoint
-- An inserted ticketed order's rows; an updated order's rows again when it is or was ticketed and
-- anything they show or depend on changed (its status above all: ticketing, a change, a refund).
-- Row triggers whose WHEN conditions PostgreSQL checks before calling anything: the orders that
-- are not ticketed (every booking, payment and deadline) cost a comparison of a few columns, not a
-- call of this function nor the capture of their old and new rows, which statement triggers with
-- transition tables took on every write of the order table (about 20 ms of database CPU per
-- booked and paid order, docs/performance/book-and-pay.md).
CREATE FUNCTION "booking_records_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "public"."booking_records" WHERE order_id = OLD.id;
  END IF;
  PERFORM "public"."booking_records_write"(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "flight_orders_booking_records_insert" AFTER INSERT ON "flight_orders" FOR EACH ROW
  WHEN ((NEW.type = 'origin' AND NEW.status = 'issued') OR (NEW.type = 'change' AND NEW.status = 'changed'))
  EXECUTE FUNCTION "booking_records_changed"();--> statement-breakpoint
CREATE TRIGGER "flight_orders_booking_records_update" AFTER UPDATE ON "flight_orders" FOR EACH ROW
  WHEN (((OLD.type = 'origin' AND OLD.status = 'issued') OR (OLD.type = 'change' AND OLD.status = 'changed')
      OR (NEW.type = 'origin' AND NEW.status = 'issued') OR (NEW.type = 'change' AND NEW.status = 'changed'))
    AND ((NEW.status, NEW.type, NEW.agency_id, NEW.user_id, NEW.created_at, NEW.booking_number, NEW.pnr)
          IS DISTINCT FROM (OLD.status, OLD.type, OLD.agency_id, OLD.user_id, OLD.created_at, OLD.booking_number, OLD.pnr)
      OR NEW.passengers IS DISTINCT FROM OLD.passengers OR NEW.solution IS DISTINCT FROM OLD.solution))
  EXECUTE FUNCTION "booking_records_changed"();--> statement-breakpoint
-- The orders ticketed before this migration.
SELECT "public"."booking_records_write"(coalesce(array_agg(id), '{}')) FROM "public"."flight_orders"
  WHERE (type = 'origin' AND status = 'issued') OR (type = 'change' AND status = 'changed');
