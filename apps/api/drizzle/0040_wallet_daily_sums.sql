-- Statements over a year summed up to 8,760 hourly rows per entry kind: the sums per UTC day and
-- entry kind, kept with each posting in the same statement as the hourly ones (under the wallet's
-- lock), let a statement read its whole UTC days from here and only the hours of the days a period
-- starts within (or the range starts or ends within) from the hourly sums.
CREATE TABLE "wallet_daily_sums" (
  "account_id" integer NOT NULL REFERENCES "ledger_accounts"("id"),
  "agency_id" integer NOT NULL,
  "currency" text NOT NULL,
  "day" timestamp with time zone NOT NULL,
  "entry_kind" text NOT NULL,
  "amount_minor" bigint NOT NULL,
  "postings" integer NOT NULL,
  CONSTRAINT "wallet_daily_sums_pkey" PRIMARY KEY ("account_id", "day", "entry_kind")
);--> statement-breakpoint
CREATE INDEX "wallet_daily_sums_agency_day_idx" ON "wallet_daily_sums" USING btree ("agency_id", "day")
  INCLUDE ("currency", "entry_kind", "amount_minor", "postings");--> statement-breakpoint
INSERT INTO "wallet_daily_sums" ("account_id", "agency_id", "currency", "day", "entry_kind", "amount_minor", "postings")
  SELECT account_id, agency_id, currency, date_trunc('day', created_at, 'UTC'), entry_kind, sum(amount_minor), count(*)
  FROM "ledger_postings" WHERE account_kind = 'agency_wallet'
  GROUP BY account_id, agency_id, currency, date_trunc('day', created_at, 'UTC'), entry_kind;
