-- "Only show own orders" with a status tab (docs/PERFORMANCE.md, "Counted to 1,000, paged by
-- cursor, and own orders by status"): the user's orders of a status in the list's order, instead
-- of the agency's orders of that status filtered down to the user's one in fifty.
CREATE INDEX "flight_orders_agency_user_status_created_id_idx" ON "flight_orders" USING btree ("agency_id","user_id","status","created_at","id");
