-- The entries' type filter lists a wallet payment type that spans entry kinds (a top-up is a
-- `top-up` or a `transfer` entry, a refund a `refund-flight` or a `reimbursement`), so an index led
-- by entry kind cannot give a type's postings in time order: a page of top-ups and its capped count
-- filtered some 20,000 postings of every kind out of the agency's index. Each posting's type,
-- computed by PostgreSQL from its entry kind in the posting's own insert (a stored generated column:
-- no writer sets it, none can set it otherwise; `kindsOf` in wallet.presenter.ts lists the same
-- kinds under each type, checked by `ledger.invariants.ts`), and a type's postings in the lists'
-- order, with what a page reads (index-only). Adding the column rewrites the postings once.
ALTER TABLE "ledger_postings" ADD COLUMN "payment_type" text GENERATED ALWAYS AS (CASE
  WHEN entry_kind IN ('top-up', 'transfer') THEN 'top-up'
  WHEN entry_kind IN ('refund-flight', 'reimbursement') THEN 'refund-flight'
  WHEN entry_kind IN ('origin-flight', 'origin-train', 'change-flight', 'void-flight') THEN entry_kind
END) STORED;--> statement-breakpoint
CREATE INDEX "ledger_postings_agency_type_created_idx" ON "ledger_postings" USING btree ("agency_id","payment_type","created_at","entry_id")
  INCLUDE ("account_kind","currency","amount_minor");
