-- The user log's filters at scale (docs/performance/other-lists.md): each filter the screen offers
-- (a user, an action, refused calls) with the list's order and the id, so that a page's ids and the
-- capped count are read from the index alone, however many rows the agency's log holds.
CREATE INDEX "user_logs_agency_user_created_id_idx" ON "user_logs" USING btree ("agency_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "user_logs_agency_action_created_id_idx" ON "user_logs" USING btree ("agency_id","action","created_at","id");--> statement-breakpoint
CREATE INDEX "user_logs_agency_outcome_created_id_idx" ON "user_logs" USING btree ("agency_id","outcome","created_at","id");
