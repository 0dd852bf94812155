-- The platform back office (modules/platform-admin, docs/platform.md): the portal operator's own
-- admins, outside every agency, with a password (argon2id) and a TOTP second factor;
-- `totp_last_step` is the time step of the last code accepted, so a code works once.
CREATE TABLE "platform_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text NOT NULL,
	"totp_last_step" bigint,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_users_username_key" UNIQUE("username"),
	CONSTRAINT "platform_users_status" CHECK ("platform_users"."status" IN ('active', 'disabled'))
);
--> statement-breakpoint
-- A platform session: only the SHA-256 of its bearer token is stored, as for agency sessions.
CREATE TABLE "platform_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "platform_sessions_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "platform_sessions_admin_idx" ON "platform_sessions" USING btree ("admin_id");
--> statement-breakpoint
ALTER TABLE "platform_sessions" ADD CONSTRAINT "platform_sessions_admin_id_platform_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."platform_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Every platform action: who (admin_id; null for a refused sign-in of an unknown name), what
-- (action, target), the target before and after, who approved it (four-eyes) and the request.
CREATE TABLE "platform_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"approved_by" integer,
	"note" text,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "platform_audit_log_at_idx" ON "platform_audit_log" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "platform_audit_log_admin_idx" ON "platform_audit_log" USING btree ("admin_id","at");
--> statement-breakpoint
CREATE INDEX "platform_audit_log_action_idx" ON "platform_audit_log" USING btree ("action","at");
--> statement-breakpoint
CREATE INDEX "platform_audit_log_target_idx" ON "platform_audit_log" USING btree ("target_type","target_id");
--> statement-breakpoint
ALTER TABLE "platform_audit_log" ADD CONSTRAINT "platform_audit_log_admin_id_platform_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."platform_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "platform_audit_log" ADD CONSTRAINT "platform_audit_log_approved_by_platform_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."platform_users"("id") ON DELETE no action ON UPDATE no action;
