-- Suspension of a top-level agency by the platform (modules/platform-agencies, docs/platform.md).
-- The columns are set on the top-level agency AND on every agency below it in one transaction, so
-- the session, login and API-key checks read the caller's own agency row only. Nothing else
-- changes: users, sessions, API keys, balances and orders stay as they were, and a resume clears
-- the columns of the same tree.
ALTER TABLE "agencies" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "suspension_reason" text;
--> statement-breakpoint
-- suspended_by names a platform user; no foreign key: the agencies module sits below the platform's.
ALTER TABLE "agencies" ADD COLUMN "suspended_by" integer;
--> statement-breakpoint
-- Notes the platform's admins write on an application (modules/platform-agencies): who, when, what.
CREATE TABLE "application_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" uuid NOT NULL,
	"author_id" integer NOT NULL,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_author_id_platform_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."platform_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "application_notes_application_idx" ON "application_notes" USING btree ("application_id","created_at");
