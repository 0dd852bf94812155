ALTER TABLE "payment_late_captures" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_late_captures" ADD COLUMN "group_order_id" uuid;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "group_order_id" uuid;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "instalment_n" integer;--> statement-breakpoint
ALTER TABLE "payment_late_captures" ADD CONSTRAINT "payment_late_captures_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_group_order_idx" ON "order_payments" USING btree ("group_order_id","instalment_n");--> statement-breakpoint
ALTER TABLE "payment_late_captures" ADD CONSTRAINT "payment_late_captures_one_order" CHECK (("payment_late_captures"."order_id" is null) <> ("payment_late_captures"."group_order_id" is null));--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_one_target" CHECK (("order_payments"."order_id" is null) <> ("order_payments"."group_order_id" is null) and ("order_payments"."group_order_id" is null) = ("order_payments"."instalment_n" is null));