CREATE TABLE "group_passengers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_passengers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"agency_id" integer NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"surname" text NOT NULL,
	"given_names" text NOT NULL,
	"gender" text NOT NULL,
	"birthday" text NOT NULL,
	"nationality" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"document_expiry" text NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "group_passengers" ADD CONSTRAINT "group_passengers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_passengers" ADD CONSTRAINT "group_passengers_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_passengers_order_position_idx" ON "group_passengers" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "group_passengers_agency_idx" ON "group_passengers" USING btree ("agency_id");