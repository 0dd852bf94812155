ALTER TABLE "user_logs" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_logs" ALTER COLUMN "agency_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_logs" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "user_logs" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "user_logs" ADD COLUMN "route" text;--> statement-breakpoint
ALTER TABLE "user_logs" ADD COLUMN "target" text;--> statement-breakpoint
ALTER TABLE "user_logs" ADD COLUMN "outcome" text DEFAULT 'ok' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_logs" ADD COLUMN "code" integer;--> statement-breakpoint
ALTER TABLE "user_logs" ADD COLUMN "status" integer;--> statement-breakpoint
CREATE INDEX "user_logs_agency_idx" ON "user_logs" USING btree ("agency_id","created_at","id");