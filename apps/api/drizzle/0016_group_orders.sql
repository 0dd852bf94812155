CREATE TABLE "group_instalments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_instalments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"channel" text,
	"payment_reference" text,
	"ledger_entry_id" bigint,
	"missed_at" timestamp with time zone,
	CONSTRAINT "group_instalments_paid_has_entry" CHECK (("group_instalments"."paid_at" is null) = ("group_instalments"."ledger_entry_id" is null))
);
--> statement-breakpoint
CREATE TABLE "group_order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"event" text NOT NULL,
	"status" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_number" text NOT NULL,
	"agency_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"currency" text NOT NULL,
	"time_zone" text NOT NULL,
	"desk" text NOT NULL,
	"picked_quote_id" uuid,
	"confirm_by" timestamp with time zone,
	"passenger_list_deadline" timestamp with time zone,
	"failure_reason" text,
	"cancel_reason" text,
	"tickets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"flights" jsonb NOT NULL,
	"fares" jsonb NOT NULL,
	"baggage" jsonb NOT NULL,
	"total_minor" bigint NOT NULL,
	"confirm_by" timestamp with time zone NOT NULL,
	"passenger_list_deadline" timestamp with time zone NOT NULL,
	"plan" jsonb NOT NULL,
	"quoted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_instalments" ADD CONSTRAINT "group_instalments_order_id_group_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_order_events" ADD CONSTRAINT "group_order_events_order_id_group_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_orders" ADD CONSTRAINT "group_orders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_orders" ADD CONSTRAINT "group_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_quotes" ADD CONSTRAINT "group_quotes_order_id_group_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_instalments_order_n_idx" ON "group_instalments" USING btree ("order_id","n");--> statement-breakpoint
CREATE UNIQUE INDEX "group_instalments_ledger_entry_idx" ON "group_instalments" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE INDEX "group_order_events_order_idx" ON "group_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_orders_booking_number_idx" ON "group_orders" USING btree ("booking_number");--> statement-breakpoint
CREATE INDEX "group_orders_agency_created_idx" ON "group_orders" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "group_orders_agency_status_idx" ON "group_orders" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "group_quotes_order_idx" ON "group_quotes" USING btree ("order_id","quoted_at");