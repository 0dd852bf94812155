-- One ticket sold once. A ticket number is issued once in the database: `flight_tickets` holds
-- every number issued on a flight order (ticketing on an original, reissue on a change order; a
-- refund or void order only copies its original's passengers), keyed by the number. After-sales
-- claims name the ticket they act on, and a live claim per ticket coupon is unique across orders.
-- A booking confirmed as a possible duplicate keeps the agent's reason.
ALTER TABLE "flight_orders" ADD COLUMN "duplicate_reason" text;--> statement-breakpoint
CREATE TABLE "flight_tickets" (
  "ticket_number" text PRIMARY KEY NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "flight_orders"("id") ON DELETE CASCADE,
  "passenger_id" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "flight_tickets_order_idx" ON "flight_tickets" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "ticket_claims" ADD COLUMN "ticket_number" text;--> statement-breakpoint
-- Renumbered tickets take serials starting with 0, which the simulated suppliers never issue.
CREATE SEQUENCE "flight_ticket_renumber_seq";--> statement-breakpoint
-- Old data: the simulated suppliers issued the same numbers again for the same passengers on the
-- same flights. Each number stays with the order that was issued it first (earliest issue, then
-- booking); on every later holder it is renumbered (airline prefix kept, a fresh serial), in its
-- refund and void orders' copies and its search text too, with a timeline row naming both numbers
-- and the order that keeps the old one. Then every held number is registered and the claims are
-- given the ticket of their passenger and segment (a ticket per 4 coupons, as booking records read
-- them). Kept as a function: operations can run it again; it renumbers nothing twice.
CREATE FUNCTION "renumber_duplicate_tickets"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  dup record;
  fresh text;
  renumbered integer := 0;
BEGIN
  FOR dup IN
    WITH held AS (
      SELECT o.id AS order_id, o.booking_number, o.status, p.pax, p.pi, t.num, t.ti,
             row_number() OVER (
               PARTITION BY t.num
               ORDER BY EXISTS (SELECT 1 FROM flight_tickets f WHERE f.ticket_number = t.num AND f.order_id = o.id) DESC,
                        o.issued_at NULLS LAST, o.created_at, o.id, p.pi, t.ti
             ) AS rank,
             first_value(o.booking_number) OVER (
               PARTITION BY t.num
               ORDER BY EXISTS (SELECT 1 FROM flight_tickets f WHERE f.ticket_number = t.num AND f.order_id = o.id) DESC,
                        o.issued_at NULLS LAST, o.created_at, o.id, p.pi, t.ti
             ) AS keeper
        FROM flight_orders o
        CROSS JOIN LATERAL jsonb_array_elements(o.passengers) WITH ORDINALITY AS p(pax, pi)
        CROSS JOIN LATERAL jsonb_array_elements_text(coalesce(p.pax->'ticketNumbers', '[]'::jsonb)) WITH ORDINALITY AS t(num, ti)
       WHERE o.type IN ('origin', 'change')
    )
    SELECT * FROM held WHERE rank > 1 ORDER BY order_id, pi, ti
  LOOP
    LOOP
      fresh := left(dup.num, 3) || '0' || lpad(nextval('flight_ticket_renumber_seq')::text, 9, '0');
      EXIT WHEN NOT EXISTS (SELECT 1 FROM flight_tickets WHERE ticket_number = fresh)
        AND NOT EXISTS (SELECT 1 FROM flight_orders WHERE position(fresh IN ticket_numbers) > 0);
    END LOOP;
    UPDATE flight_orders
       SET passengers = jsonb_set(passengers, ARRAY[(dup.pi - 1)::text, 'ticketNumbers', (dup.ti - 1)::text], to_jsonb(fresh))
     WHERE id = dup.order_id;
    UPDATE flight_orders
       SET passengers = replace(passengers::text, '"' || dup.num || '"', '"' || fresh || '"')::jsonb,
           ticket_numbers = replace(ticket_numbers, dup.num, fresh)
     WHERE original_booking_id = dup.order_id AND type IN ('refund', 'void');
    INSERT INTO order_events (order_id, from_status, to_status, note)
    VALUES (dup.order_id, dup.status, dup.status,
            'Ticket ' || dup.num || ' renumbered ' || fresh || ': the number was also issued on ' || dup.keeper);
    renumbered := renumbered + 1;
  END LOOP;
  IF renumbered > 0 THEN
    UPDATE flight_orders o
       SET ticket_numbers = coalesce((
             SELECT string_agg(t.num, '|' ORDER BY p.pi, t.ti)
               FROM jsonb_array_elements(o.passengers) WITH ORDINALITY AS p(pax, pi)
              CROSS JOIN LATERAL jsonb_array_elements_text(coalesce(p.pax->'ticketNumbers', '[]'::jsonb)) WITH ORDINALITY AS t(num, ti)
           ), '')
     WHERE o.type IN ('origin', 'change')
       AND o.id IN (SELECT e.order_id FROM order_events e WHERE e.note LIKE 'Ticket % renumbered %');
  END IF;
  INSERT INTO flight_tickets (ticket_number, order_id, passenger_id, created_at)
  SELECT t.num, o.id, p.pax->>'id', coalesce(o.issued_at, o.updated_at)
    FROM flight_orders o
   CROSS JOIN LATERAL jsonb_array_elements(o.passengers) AS p(pax)
   CROSS JOIN LATERAL jsonb_array_elements_text(coalesce(p.pax->'ticketNumbers', '[]'::jsonb)) AS t(num)
   WHERE o.type IN ('origin', 'change')
  ON CONFLICT (ticket_number) DO NOTHING;
  UPDATE ticket_claims c
     SET ticket_number = (
           SELECT p.pax->'ticketNumbers'->>least(c.segment_index / 4, jsonb_array_length(p.pax->'ticketNumbers') - 1)
             FROM flight_orders o
            CROSS JOIN LATERAL jsonb_array_elements(o.passengers) AS p(pax)
            WHERE o.id = c.order_id AND p.pax->>'id' = c.passenger_id
              AND jsonb_array_length(coalesce(p.pax->'ticketNumbers', '[]'::jsonb)) > 0
            LIMIT 1)
   WHERE c.ticket_number IS NULL;
  RETURN renumbered;
END
$$;--> statement-breakpoint
SELECT "renumber_duplicate_tickets"();--> statement-breakpoint
-- A ticket coupon is in one live change, refund or void at a time, and stays claimed once the
-- ticket is refunded, voided or changed, whichever order names the ticket. Claims of passengers
-- without a ticket number (none in practice: only issued orders are claimed) keep the order-keyed
-- index `ticket_claims_live_idx`.
CREATE UNIQUE INDEX "ticket_claims_live_ticket_idx" ON "ticket_claims" USING btree ("ticket_number", "segment_index") WHERE "released_at" IS NULL AND "ticket_number" IS NOT NULL;
