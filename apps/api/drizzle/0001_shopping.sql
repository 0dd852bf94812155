CREATE TABLE "look_to_book" (
	"agency_id" integer NOT NULL,
	"day" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "look_to_book_agency_id_day_pk" PRIMARY KEY("agency_id","day")
);
--> statement-breakpoint
CREATE TABLE "search_suppliers" (
	"search_id" text NOT NULL,
	"supplier" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"elapsed_ms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_suppliers_search_id_supplier_pk" PRIMARY KEY("search_id","supplier")
);
--> statement-breakpoint
CREATE TABLE "searches" (
	"id" text PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text DEFAULT 'shopping' NOT NULL,
	"request" jsonb NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solutions" (
	"id" text PRIMARY KEY NOT NULL,
	"search_id" text NOT NULL,
	"agency_id" integer NOT NULL,
	"supplier" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"flights_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"departure_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"offer" jsonb NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "flight_settings" jsonb DEFAULT '{"priceAdjustments":[],"showSuppliers":false,"onlyFreeBaggage":false,"onlyWithFareBasis":false,"maxResponseTimeMs":8000,"filter":{"mode":"none","airlines":[],"suppliers":[]},"searchMode":"all","serviceFees":{"change":0,"refund":0,"void":0},"bookingNotificationUrl":null,"flightChangeNotificationUrl":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "search_suppliers" ADD CONSTRAINT "search_suppliers_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "searches_agency_idx" ON "searches" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "searches_created_idx" ON "searches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "solutions_search_idx" ON "solutions" USING btree ("search_id");--> statement-breakpoint
CREATE INDEX "solutions_agency_idx" ON "solutions" USING btree ("agency_id");