CREATE TABLE "train_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_number" text NOT NULL,
	"agency_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"supplier" text NOT NULL,
	"train_ref" text NOT NULL,
	"reference_id" text NOT NULL,
	"train" jsonb NOT NULL,
	"train_number" text NOT NULL,
	"seat_class" text NOT NULL,
	"passengers" jsonb NOT NULL,
	"passenger_names" text NOT NULL,
	"contact" jsonb NOT NULL,
	"currency" text NOT NULL,
	"order_total_minor" bigint NOT NULL,
	"departure_at" timestamp with time zone NOT NULL,
	"departure_date" text NOT NULL,
	"payment_state" text DEFAULT 'unpaid' NOT NULL,
	"payment_channel" text,
	"paid_at" timestamp with time zone,
	"payment_deadline" timestamp with time zone,
	"manual_ticketing" boolean DEFAULT false NOT NULL,
	"ticketed_at" timestamp with time zone,
	"refund_fee_minor" bigint,
	"refunded_minor" bigint,
	"timeline" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "train_orders" ADD CONSTRAINT "train_orders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "train_orders" ADD CONSTRAINT "train_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "train_orders_booking_number_idx" ON "train_orders" USING btree ("booking_number");
--> statement-breakpoint
CREATE INDEX "train_orders_agency_created_id_idx" ON "train_orders" USING btree ("agency_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "train_orders_agency_status_idx" ON "train_orders" USING btree ("agency_id","status");
--> statement-breakpoint
CREATE INDEX "train_orders_deadline_idx" ON "train_orders" USING btree ("payment_deadline") WHERE "train_orders"."status" = 'to_be_paid';