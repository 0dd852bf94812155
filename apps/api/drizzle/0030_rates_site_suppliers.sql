-- Exchange rates kept by the platform (exchange-rates/exchange-rates.schema.ts, docs/platform.md):
-- each rate remembers where it comes from (the seed, the rates feed or a manual override), the
-- feed's last rate under an override, and the override with its reason, author and time; every
-- change is a row of `exchange_rate_history`, never updated. Existing rates become the seed's.
ALTER TABLE "exchange_rates" ADD COLUMN "source" text DEFAULT 'seed' NOT NULL;
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "feed_rate" numeric;
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "feed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "override_rate" numeric;
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "override_reason" text;
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "override_by" integer;
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "override_by_name" text;
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "override_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_source_check" CHECK ("source" in ('seed', 'feed', 'manual'));
--> statement-breakpoint
CREATE TABLE "exchange_rate_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_rate_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"currency" text NOT NULL,
	"rate" numeric NOT NULL,
	"source" text NOT NULL,
	"event" text NOT NULL,
	"feed_rate" numeric NOT NULL,
	"reason" text,
	"admin_id" integer,
	"admin_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "exchange_rate_history_currency_idx" ON "exchange_rate_history" USING btree ("currency","created_at" DESC NULLS LAST);
--> statement-breakpoint
INSERT INTO "exchange_rate_history" ("currency", "rate", "source", "event", "feed_rate", "created_at")
SELECT "currency", "rate", 'seed', 'seed', "rate", "updated_at" FROM "exchange_rates" ORDER BY "currency";
--> statement-breakpoint
-- The suppliers a top-level agency and its sub-agencies may use (agencies/agency-suppliers.schema.ts):
-- no row, or a null list, allows every configured supplier of that kind.
CREATE TABLE "agency_suppliers" (
	"agency_id" integer PRIMARY KEY NOT NULL,
	"flight" jsonb,
	"rail" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_suppliers" ADD CONSTRAINT "agency_suppliers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;
