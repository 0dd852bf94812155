-- The order list reads one type of order (`type = 'origin'` unless the agent picks another), but
-- its four ordered indexes ended at the id: every row a page skipped or counted was fetched from
-- the table to check its type (a page of 20 at offset 980 read 150 table pages for 1,000 rows).
-- With the type as the last column, a page's ids and a capped count are read from the index alone
-- (an index-only scan where the table's pages are all-visible), in the same order as before.
DROP INDEX IF EXISTS "flight_orders_agency_created_id_idx";--> statement-breakpoint
CREATE INDEX "flight_orders_agency_created_id_idx" ON "flight_orders" USING btree ("agency_id","created_at","id","type");--> statement-breakpoint
DROP INDEX IF EXISTS "flight_orders_agency_status_created_id_idx";--> statement-breakpoint
CREATE INDEX "flight_orders_agency_status_created_id_idx" ON "flight_orders" USING btree ("agency_id","status","created_at","id","type");--> statement-breakpoint
DROP INDEX IF EXISTS "flight_orders_agency_user_created_id_idx";--> statement-breakpoint
CREATE INDEX "flight_orders_agency_user_created_id_idx" ON "flight_orders" USING btree ("agency_id","user_id","created_at","id","type");--> statement-breakpoint
DROP INDEX IF EXISTS "flight_orders_agency_user_status_created_id_idx";--> statement-breakpoint
CREATE INDEX "flight_orders_agency_user_status_created_id_idx" ON "flight_orders" USING btree ("agency_id","user_id","status","created_at","id","type");
--> statement-breakpoint
-- An index-only scan still reads the table for rows on pages changed since the last vacuum, and
-- the newest orders (the list's first pages) are the ones being booked and changed. By default a
-- table is vacuumed after a fifth of its rows are inserted or changed: 200,000 at a million
-- orders. Here after half a percent inserted (5,000) or two percent changed (20,000).
ALTER TABLE "flight_orders" SET (autovacuum_vacuum_insert_scale_factor = 0.005, autovacuum_vacuum_scale_factor = 0.02);
