-- Money a payment provider moved outside the portal: a refund made in the provider's dashboard,
-- and a card dispute (chargeback) with its withdrawal and reinstatement of funds. Each is recorded
-- once (the provider's refund id, the provider's dispute id: unique per channel), with the ledger
-- entries it posted; the order stays as it is and an operator decides what follows
-- (docs/payments-stripe.md). The payment keeps what was refunded outside the portal, so that a
-- later refund through the portal never asks the provider for money it no longer holds.
ALTER TABLE "order_payments" ADD COLUMN "refunded_outside_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "payment_outside_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid,
	"group_order_id" uuid,
	"agency_id" integer NOT NULL,
	"channel" text NOT NULL,
	"trade_no" text NOT NULL,
	"refund_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_outside_refunds_one_order" CHECK (("payment_outside_refunds"."order_id" is null) <> ("payment_outside_refunds"."group_order_id" is null)),
	CONSTRAINT "payment_outside_refunds_positive" CHECK ("payment_outside_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_outside_refunds" ADD CONSTRAINT "payment_outside_refunds_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_outside_refunds" ADD CONSTRAINT "payment_outside_refunds_order_id_flight_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."flight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_outside_refunds" ADD CONSTRAINT "payment_outside_refunds_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_outside_refunds_refund_idx" ON "payment_outside_refunds" USING btree ("channel","refund_id");--> statement-breakpoint
CREATE INDEX "payment_outside_refunds_order_idx" ON "payment_outside_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_outside_refunds_group_order_idx" ON "payment_outside_refunds" USING btree ("group_order_id");--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid,
	"group_order_id" uuid,
	"agency_id" integer NOT NULL,
	"channel" text NOT NULL,
	"trade_no" text NOT NULL,
	"dispute_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"withdrawn_entry_id" bigint,
	"reinstated_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "payment_disputes_one_order" CHECK (("payment_disputes"."order_id" is null) <> ("payment_disputes"."group_order_id" is null)),
	CONSTRAINT "payment_disputes_positive" CHECK ("payment_disputes"."amount_minor" > 0),
	CONSTRAINT "payment_disputes_reinstated_after_withdrawn" CHECK ("payment_disputes"."reinstated_entry_id" is null or "payment_disputes"."withdrawn_entry_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_order_id_flight_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."flight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_dispute_idx" ON "payment_disputes" USING btree ("channel","dispute_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_order_idx" ON "payment_disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_group_order_idx" ON "payment_disputes" USING btree ("group_order_id");
