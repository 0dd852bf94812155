-- Client quotes (documents/client-quotes.schema.ts, docs/client-quotes.md): a priced offer an agent
-- sends the traveller, with the agency's service fee folded into the shown prices. `token` is the
-- public link's only key: random, and unique by constraint. `snapshot` holds what is quoted as it
-- was when the quote was made.
CREATE TABLE "client_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"agency_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" jsonb NOT NULL,
	"snapshot" jsonb NOT NULL,
	"currency" text NOT NULL,
	"fee_mode" text NOT NULL,
	"fee_minor" bigint NOT NULL,
	"traveller_name" text,
	"note" text,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_quotes_token_key" UNIQUE("token")
);
--> statement-breakpoint
CREATE INDEX "client_quotes_agency_created_idx" ON "client_quotes" USING btree ("agency_id","created_at");
--> statement-breakpoint
ALTER TABLE "client_quotes" ADD CONSTRAINT "client_quotes_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "client_quotes" ADD CONSTRAINT "client_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
