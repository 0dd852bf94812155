CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_number" text NOT NULL,
	"agency_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text DEFAULT 'origin' NOT NULL,
	"status" text NOT NULL,
	"supplier" text NOT NULL,
	"solution_id" text NOT NULL,
	"solution" jsonb NOT NULL,
	"offer" jsonb NOT NULL,
	"passengers" jsonb NOT NULL,
	"contact" jsonb NOT NULL,
	"remark" text,
	"currency" text NOT NULL,
	"sale_total_minor" bigint NOT NULL,
	"order_total_minor" bigint NOT NULL,
	"cost_minor" bigint NOT NULL,
	"cost_currency" text NOT NULL,
	"prices" jsonb NOT NULL,
	"passenger_names" text DEFAULT '' NOT NULL,
	"flight_numbers" text DEFAULT '' NOT NULL,
	"ticket_numbers" text DEFAULT '' NOT NULL,
	"airline" text NOT NULL,
	"departure_at" timestamp with time zone NOT NULL,
	"pnr" text,
	"payment_state" text DEFAULT 'unpaid' NOT NULL,
	"payment_channel" text,
	"paid_at" timestamp with time zone,
	"payment_deadline" timestamp with time zone,
	"ticketing_tier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"original_booking_id" uuid
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "flight_orders" ADD CONSTRAINT "flight_orders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_orders" ADD CONSTRAINT "flight_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_flight_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."flight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "flight_orders_booking_number_idx" ON "flight_orders" USING btree ("booking_number");--> statement-breakpoint
CREATE INDEX "flight_orders_agency_created_idx" ON "flight_orders" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "flight_orders_agency_status_idx" ON "flight_orders" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "flight_orders_deadline_idx" ON "flight_orders" USING btree ("payment_deadline") WHERE "flight_orders"."status" = 'to_be_paid';--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");