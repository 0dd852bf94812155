-- The user log filtered by one user and one action (a user's logins in a month): the user's index
-- gave the user's rows of the range and the action was checked on each row read from the table
-- (for 45 of the bench's 50 staff none were logins: every one of a month's rows read for nothing),
-- 9,650 to 10,225 µs of PostgreSQL a request and p99 199 to 251 ms at 1,725,000 rows. With the
-- action next to the user, the page's ids and the capped count are read from this index alone.
CREATE INDEX "user_logs_agency_user_action_created_id_idx" ON "user_logs" USING btree ("agency_id","user_id","action","created_at","id");
