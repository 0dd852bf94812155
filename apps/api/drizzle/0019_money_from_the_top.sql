-- Money enters only at the top (docs/agency-management.md, "Money model").
-- 1. Credit a parent lends down: the sum of its direct sub-agencies' credit limits in that currency.
--    A wallet may spend balance + credit_limit - credit_lent.
ALTER TABLE "ledger_accounts" ADD COLUMN "credit_lent_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_credit_lent_nonneg" CHECK ("credit_lent_minor" >= 0);--> statement-breakpoint
UPDATE "ledger_accounts" p SET "credit_lent_minor" = s.lent
  FROM (
    SELECT a.parent_id, c.currency, sum(c.credit_limit_minor) AS lent
    FROM "ledger_accounts" c JOIN "agencies" a ON a.id = c.agency_id
    WHERE c.kind = 'agency_wallet' AND a.parent_id IS NOT NULL
    GROUP BY a.parent_id, c.currency
  ) s
  WHERE p.agency_id = s.parent_id AND p.currency = s.currency AND p.kind = 'agency_wallet';--> statement-breakpoint
-- 2. Markup legs (an ancestor's income on a sub-agency's order) and their clawbacks (a refund,
--    void or reimbursement taking it back; the one debit allowed below the credit line).
ALTER TABLE "ledger_postings" ADD COLUMN "leg" text;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_leg_known" CHECK ("leg" IS NULL OR "leg" IN ('markup', 'clawback'));--> statement-breakpoint
-- 3. The per-level split of a flight order's price: what each ancestor earns when it is paid.
ALTER TABLE "flight_orders" ADD COLUMN "markup_legs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- 4. Sub-agency top-ups posted from platform_cash before this change stay as history, tagged so
--    the invariants tell them from new money from nowhere (which they refuse).
UPDATE "journal_entries" e SET "meta" = e.meta || '{"legacySubFunding": true}'::jsonb
  FROM "agencies" a
  WHERE a.id = e.agency_id AND a.parent_id IS NOT NULL AND e.kind = 'top-up';--> statement-breakpoint
-- 5. One reference credited once to one agency (funding or transfer). Older duplicates stay on the
--    books (the money they posted may have been received twice) and are tagged with the entry
--    they repeat, for an operator to review; the index covers every other entry.
UPDATE "journal_entries" e SET "meta" = e.meta || jsonb_build_object('duplicateOf', f.first_id)
  FROM (
    SELECT id, min(id) OVER (PARTITION BY agency_id, reference) AS first_id
    FROM "journal_entries" WHERE kind IN ('top-up', 'transfer') AND reference IS NOT NULL
  ) f
  WHERE e.id = f.id AND f.id <> f.first_id;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_agency_reference" ON "journal_entries" ("agency_id", "reference")
  WHERE "kind" IN ('top-up', 'transfer') AND "reference" IS NOT NULL AND ("meta" -> 'duplicateOf') IS NULL;
