-- Failed password checks, counted in the database so that every API instance sees the same counts
-- (auth/login-limit.ts). One row per (scope, key):
--   account  key = the username as typed, trimmed and lower-cased: failures from any address;
--   pair     key = '<address> <username>': failures of that username from that client address;
--   address  key = the client address: failures across usernames in the address's window;
--   password key = the user id: wrong current passwords given to PUT /base/v2/me/password.
-- An attempt is counted when it starts (under the rows' locks) and given back when it succeeds,
-- so parallel guesses cannot slip past before their failures are known.
CREATE TABLE "login_failures" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "login_failures_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "login_failures_scope" CHECK ("scope" IN ('account', 'pair', 'address', 'password'))
);
--> statement-breakpoint
CREATE INDEX "login_failures_last_failed_idx" ON "login_failures" USING btree ("last_failed_at");
