-- The user log in words (users/user-log.ts, packages/domain/src/user-log-events.ts): each row keeps
-- the action it recorded (a code of the domain's closed list), what it addressed (the kind and the
-- booking number, username or name it had then; `target` keeps the raw id) and the facts its
-- sentence names (amount, currency, instalment, setting). Older rows keep them null: their words
-- come from their route at read time.
ALTER TABLE "user_logs" ADD COLUMN "event" text;
--> statement-breakpoint
ALTER TABLE "user_logs" ADD COLUMN "target_kind" text;
--> statement-breakpoint
ALTER TABLE "user_logs" ADD COLUMN "target_label" text;
--> statement-breakpoint
ALTER TABLE "user_logs" ADD COLUMN "facts" jsonb;
