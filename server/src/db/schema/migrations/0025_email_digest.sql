CREATE TABLE "email_digests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pending_since" timestamp with time zone,
	"digested_seq" bigint DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_digests" ADD CONSTRAINT "email_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_digests_pending_since_idx" ON "email_digests" USING btree ("pending_since") WHERE "email_digests"."pending_since" IS NOT NULL;