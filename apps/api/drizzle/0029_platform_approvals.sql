-- Four-eyes requests of the platform (platform-funding/platform-funding.schema.ts, docs/platform.md):
-- funding a top-level agency against a bank reference, or setting its credit limit. Nothing posts
-- to the ledger until a second platform admin approves; `entry_id` is the entry the approval
-- posted. A pending funding request's (agency, reference) is unique here, besides the ledger's own
-- unique reference per agency (journal_entries_agency_reference). Admin ids are platform admins'.
CREATE TABLE "platform_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"agency_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint,
	"reference" text,
	"amount_received" text,
	"exchange_rate" text,
	"transaction_fee_percent" text,
	"credit_limit_minor" bigint,
	"note" text,
	"requested_by" integer NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_approvals_shape" CHECK (("platform_approvals"."kind" = 'funding' and "platform_approvals"."amount_minor" > 0 and "platform_approvals"."reference" is not null and "platform_approvals"."credit_limit_minor" is null)
        or ("platform_approvals"."kind" = 'credit' and "platform_approvals"."credit_limit_minor" >= 0 and "platform_approvals"."amount_minor" is null and "platform_approvals"."reference" is null)),
	CONSTRAINT "platform_approvals_status" CHECK ("platform_approvals"."status" in ('pending', 'approved', 'rejected', 'cancelled')),
	CONSTRAINT "platform_approvals_posted" CHECK (("platform_approvals"."status" = 'approved') = ("platform_approvals"."entry_id" is not null)),
	CONSTRAINT "platform_approvals_decided" CHECK (("platform_approvals"."status" = 'pending') = ("platform_approvals"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "platform_approvals" ADD CONSTRAINT "platform_approvals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "platform_approvals" ADD CONSTRAINT "platform_approvals_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "platform_approvals_pending_reference" ON "platform_approvals" USING btree ("agency_id","reference") WHERE "platform_approvals"."kind" = 'funding' and "platform_approvals"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "platform_approvals_status_created_idx" ON "platform_approvals" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "platform_approvals_agency_idx" ON "platform_approvals" USING btree ("agency_id");
