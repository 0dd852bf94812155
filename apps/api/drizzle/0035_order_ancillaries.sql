-- Seats and bags of flight orders (docs/ancillaries.md): one row per seat (passenger and segment)
-- or bag line (passenger and service), bought with the booking or afterwards by a purchase order.
CREATE TABLE "flight_order_ancillaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"purchase_order_id" uuid,
	"passenger_index" integer NOT NULL,
	"kind" text NOT NULL,
	"segment_indexes" jsonb NOT NULL,
	"designator" text,
	"service_id" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"weight_kg" integer,
	"currency" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"cost_currency" text NOT NULL,
	"cost_minor" bigint NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_order_ancillaries_order_fk" FOREIGN KEY ("order_id") REFERENCES "flight_orders"("id") ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX "flight_order_ancillaries_order_idx" ON "flight_order_ancillaries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "flight_order_ancillaries_purchase_idx" ON "flight_order_ancillaries" USING btree ("purchase_order_id") WHERE "purchase_order_id" IS NOT NULL;
