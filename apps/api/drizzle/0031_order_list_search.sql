-- The order list's searches at scale (docs/PERFORMANCE.md, "The order list at a million orders").
-- "Only show own orders" and a status with a date range read an index in the list's order
-- (newest first, id breaking ties) instead of filtering the agency's rows away page after page.
CREATE INDEX "flight_orders_agency_user_created_id_idx" ON "flight_orders" USING btree ("agency_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "flight_orders_agency_status_created_id_idx" ON "flight_orders" USING btree ("agency_id","status","created_at","id");--> statement-breakpoint
DROP INDEX "flight_orders_agency_status_idx";--> statement-breakpoint
-- Part of a passenger name, flight number, ticket number or contact (`ilike '%…%'`): trigrams
-- instead of reading every order of the agency.
CREATE INDEX "flight_orders_passenger_names_trgm_idx" ON "flight_orders" USING gin ("passenger_names" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "flight_orders_flight_numbers_trgm_idx" ON "flight_orders" USING gin ("flight_numbers" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "flight_orders_ticket_numbers_trgm_idx" ON "flight_orders" USING gin ("ticket_numbers" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "flight_orders_contact_name_trgm_idx" ON "flight_orders" USING gin (("contact"->>'name') public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "flight_orders_contact_email_trgm_idx" ON "flight_orders" USING gin (("contact"->>'email') public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "flight_orders_contact_phone_trgm_idx" ON "flight_orders" USING gin (("contact"->'phone'->>'number') public.gin_trgm_ops);
