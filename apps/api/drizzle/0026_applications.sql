-- Partnership enquiries (applications/applications.schema.ts, docs/public-face.md): what a visitor
-- sends from the home page's contact form. The platform's back office lists them by status and
-- date, looks them up by e-mail (case-insensitive) and may convert one into a top-level agency.
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone_area_code" text,
	"phone" text,
	"country" text NOT NULL,
	"company_name" text,
	"company_address" text,
	"website" text,
	"others" text,
	"locale" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"converted_agency_id" integer,
	"source_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_status_known" CHECK ("applications"."status" IN ('new', 'contacted', 'converted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_converted_agency_id_agencies_id_fk" FOREIGN KEY ("converted_agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "applications_status_created_idx" ON "applications" USING btree ("status","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "applications_email_lower_idx" ON "applications" USING btree (lower("email"));
--> statement-breakpoint
-- The platform's own e-mails (an enquiry to the sales address) are about no agency.
ALTER TABLE "outbound_messages" ALTER COLUMN "agency_id" DROP NOT NULL;
