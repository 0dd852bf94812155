CREATE TABLE "payment_late_captures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"agency_id" integer NOT NULL,
	"channel" text NOT NULL,
	"trade_no" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"order_status" text NOT NULL,
	"status" text NOT NULL,
	"refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"captured_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_late_captures" ADD CONSTRAINT "payment_late_captures_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_late_captures" ADD CONSTRAINT "payment_late_captures_order_id_flight_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."flight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_late_captures_capture_idx" ON "payment_late_captures" USING btree ("channel","trade_no");--> statement-breakpoint
CREATE INDEX "payment_late_captures_agency_idx" ON "payment_late_captures" USING btree ("agency_id","captured_at");