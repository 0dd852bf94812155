-- The wallet's lists at scale (docs/performance/wallet-lists.md). Each posting carries the facts its
-- lists page, filter and show by, so that a page reads its own index range instead of grouping all
-- of an agency's postings: the agency and kind of its account, its entry's kind and time, and the
-- account's balance after its entry. All are fixed when the posting is written and never change.
ALTER TABLE "ledger_postings" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "account_kind" text;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "entry_kind" text;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "balance_after_minor" bigint;--> statement-breakpoint
UPDATE "ledger_postings" p
  SET "agency_id" = a.agency_id, "account_kind" = a.kind, "entry_kind" = e.kind, "created_at" = e.created_at
  FROM "ledger_accounts" a, "journal_entries" e
  WHERE a.id = p.account_id AND e.id = p.entry_id;--> statement-breakpoint
-- The balance after an entry: the running sum of the account's postings in time order, then by entry
-- id; every posting of one entry on one account carries the balance after the whole entry.
UPDATE "ledger_postings" p SET "balance_after_minor" = r.balance
  FROM (
    SELECT account_id, entry_id,
      sum(sum(amount_minor)) OVER (PARTITION BY account_id ORDER BY min(created_at), entry_id) AS balance
    FROM "ledger_postings" GROUP BY account_id, entry_id
  ) r
  WHERE r.account_id = p.account_id AND r.entry_id = p.entry_id;--> statement-breakpoint
ALTER TABLE "ledger_postings" ALTER COLUMN "agency_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_postings" ALTER COLUMN "account_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_postings" ALTER COLUMN "entry_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_postings" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_postings" ALTER COLUMN "balance_after_minor" SET NOT NULL;--> statement-breakpoint
-- The lists' index: an agency's postings in time order, with what a page and a statement sum read,
-- so both are index-only.
CREATE INDEX "ledger_postings_agency_created_idx" ON "ledger_postings" USING btree ("agency_id","created_at","entry_id")
  INCLUDE ("account_kind","entry_kind","currency","amount_minor","balance_after_minor");
--> statement-breakpoint
-- A wallet's balance at an instant (a statement's opening, a transaction's balance after): its
-- account's last posting before it, found in the account's own postings in time order.
DROP INDEX "ledger_postings_account_idx";--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","created_at","entry_id")
  INCLUDE ("balance_after_minor");
--> statement-breakpoint
-- Statements sum a wallet's postings by month or day of the agency's time zone over up to a year:
-- the sums per UTC hour and entry kind, kept with each posting under the wallet's lock, let them
-- read at most one row per hour and kind, and the postings themselves only for an hour a period
-- starts within (a time zone whose offset is not whole hours).
CREATE TABLE "wallet_hourly_sums" (
  "account_id" integer NOT NULL REFERENCES "ledger_accounts"("id"),
  "agency_id" integer NOT NULL,
  "currency" text NOT NULL,
  "hour" timestamp with time zone NOT NULL,
  "entry_kind" text NOT NULL,
  "amount_minor" bigint NOT NULL,
  "postings" integer NOT NULL,
  CONSTRAINT "wallet_hourly_sums_pkey" PRIMARY KEY ("account_id", "hour", "entry_kind")
);--> statement-breakpoint
CREATE INDEX "wallet_hourly_sums_agency_hour_idx" ON "wallet_hourly_sums" USING btree ("agency_id", "hour")
  INCLUDE ("currency", "entry_kind", "amount_minor", "postings");--> statement-breakpoint
INSERT INTO "wallet_hourly_sums" ("account_id", "agency_id", "currency", "hour", "entry_kind", "amount_minor", "postings")
  SELECT account_id, agency_id, currency, date_trunc('hour', created_at, 'UTC'), entry_kind, sum(amount_minor), count(*)
  FROM "ledger_postings" WHERE account_kind = 'agency_wallet'
  GROUP BY account_id, agency_id, currency, date_trunc('hour', created_at, 'UTC'), entry_kind;
