CREATE TABLE "frequent_passengers" (
	"id" text PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"surname" text NOT NULL,
	"given_names" text NOT NULL,
	"gender" text NOT NULL,
	"birthday" date NOT NULL,
	"nationality" text NOT NULL,
	"document_type" text NOT NULL,
	"document_interface_type" text NOT NULL,
	"document_number" text NOT NULL,
	"document_expiry_date" date NOT NULL,
	"document_issuing_place" text,
	"frequent_flyer" jsonb,
	"phone" jsonb,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"airline" text NOT NULL,
	"number" text NOT NULL,
	"surname" text NOT NULL,
	"given_names" text NOT NULL,
	"tier" text,
	"expiry_date" date,
	"frequent_passenger_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "frequent_passengers" ADD CONSTRAINT "frequent_passengers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frequent_passengers" ADD CONSTRAINT "frequent_passengers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_frequent_passenger_id_frequent_passengers_id_fk" FOREIGN KEY ("frequent_passenger_id") REFERENCES "public"."frequent_passengers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "frequent_passengers_user_idx" ON "frequent_passengers" USING btree ("user_id","agency_id");--> statement-breakpoint
CREATE INDEX "member_cards_user_idx" ON "member_cards" USING btree ("user_id","agency_id");