-- The user log's filters and the booking records' departure dates at scale
-- (docs/performance/other-lists.md). Each filter of the user log (a user, an action, refused calls)
-- with the list's order and the id, so that a page's ids and the capped count are read from the
-- index alone, however many rows the agency's log holds.
CREATE INDEX "user_logs_agency_user_created_id_idx" ON "user_logs" USING btree ("agency_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "user_logs_agency_action_created_id_idx" ON "user_logs" USING btree ("agency_id","action","created_at","id");--> statement-breakpoint
CREATE INDEX "user_logs_agency_outcome_created_id_idx" ON "user_logs" USING btree ("agency_id","outcome","created_at","id");--> statement-breakpoint
-- Booking records departing up to a day: a date range in the past reads the few orders departed
-- by then, instead of every ticketed order of the agency checked one by one.
CREATE INDEX "flight_orders_agency_departure_idx" ON "flight_orders" USING btree ("agency_id","departure_at");
