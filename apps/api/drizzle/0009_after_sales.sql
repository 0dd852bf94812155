CREATE TABLE "flight_disruptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"segment_index" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb,
	"protection" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"supplier_ref" text NOT NULL,
	"acknowledged_by" integer,
	"acknowledged_at" timestamp with time zone,
	"refund_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"after_sales_order_id" uuid,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"passenger_id" text NOT NULL,
	"segment_index" integer NOT NULL,
	"after_sales_order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"paid_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbound_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbound_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"response_code" integer,
	"error" text,
	"duration_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbound_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" text,
	"target" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "flight_orders" ADD COLUMN "after_sales" jsonb;--> statement-breakpoint
ALTER TABLE "flight_orders" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flight_orders" ADD COLUMN "void_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flight_orders" ADD COLUMN "confirm_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flight_disruptions" ADD CONSTRAINT "flight_disruptions_order_id_flight_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."flight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_flight_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."flight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_claims" ADD CONSTRAINT "ticket_claims_order_id_flight_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."flight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_claims" ADD CONSTRAINT "ticket_claims_after_sales_order_id_flight_orders_id_fk" FOREIGN KEY ("after_sales_order_id") REFERENCES "public"."flight_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_attempts" ADD CONSTRAINT "outbound_attempts_message_id_outbound_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flight_disruptions_agency_idx" ON "flight_disruptions" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "flight_disruptions_order_idx" ON "flight_disruptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flight_disruptions_supplier_ref_idx" ON "flight_disruptions" USING btree ("supplier_ref");--> statement-breakpoint
CREATE INDEX "order_documents_order_idx" ON "order_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_documents_after_sales_idx" ON "order_documents" USING btree ("after_sales_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_claims_live_idx" ON "ticket_claims" USING btree ("order_id","passenger_id","segment_index") WHERE "ticket_claims"."released_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_claims_after_sales_idx" ON "ticket_claims" USING btree ("after_sales_order_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "outbound_attempts_message_idx" ON "outbound_attempts" USING btree ("message_id","id");--> statement-breakpoint
CREATE INDEX "outbound_messages_agency_idx" ON "outbound_messages" USING btree ("agency_id","id");--> statement-breakpoint
CREATE INDEX "flight_orders_original_idx" ON "flight_orders" USING btree ("original_booking_id");