-- Money of an order paid through an outside provider (a card through Stripe, a simulated
-- checkout) goes back through that provider, not to the wallet: one row per refund to the card,
-- written in the same transaction as its ledger entry, and sent by the `payment-provider-refund`
-- job outside any transaction. The idempotency key (one per order and reason) is unique, and so is
-- the provider's refund reference: a refund is never made, nor recorded, twice.
CREATE TABLE "payment_provider_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"agency_id" integer NOT NULL,
	"channel" text NOT NULL,
	"trade_no" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payment_provider_refunds_positive" CHECK ("payment_provider_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_provider_refunds" ADD CONSTRAINT "payment_provider_refunds_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_provider_refunds" ADD CONSTRAINT "payment_provider_refunds_order_id_flight_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."flight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_provider_refunds_key_idx" ON "payment_provider_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_provider_refunds_refund_idx" ON "payment_provider_refunds" USING btree ("channel","refund_id") WHERE "payment_provider_refunds"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_provider_refunds_payment_idx" ON "payment_provider_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_provider_refunds_order_idx" ON "payment_provider_refunds" USING btree ("order_id");
