-- Suspension of a top-level agency by the platform (modules/platform-agencies, docs/platform.md).
-- The columns are set on the top-level agency AND on every agency below it in one transaction, so
-- the session, login and API-key checks read the caller's own agency row only. Nothing else
-- changes: users, sessions, API keys, balances and orders stay as they were, and a resume clears
-- the columns of the same tree.
ALTER TABLE "agencies" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "suspension_reason" text;
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "suspended_by" integer;
