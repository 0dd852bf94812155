-- pg_trgm lives in "public" whatever the search path (tests and benches migrate into their own
-- schemas); several migrations starting at once may race to create it, which is harmless.
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;--> statement-breakpoint
DROP INDEX "flight_orders_agency_created_idx";--> statement-breakpoint
CREATE INDEX "flight_orders_agency_created_id_idx" ON "flight_orders" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "flight_orders_booking_number_trgm_idx" ON "flight_orders" USING gin ("booking_number" public.gin_trgm_ops);
