CREATE TYPE "public"."api_key_permission" AS ENUM('FULL_ACCESS', 'READ_ONLY');--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"permissions" "api_key_permission" NOT NULL,
	"key_hash" text NOT NULL,
	"preview" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "neo_custom_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "neo_custom_data_id" uuid;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "features" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "neo_custom_data" ADD CONSTRAINT "neo_custom_data_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_active_user_key" ON "api_keys" USING btree ("user_id") WHERE "api_keys"."revoked_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "neo_custom_data_workspace_name_key" ON "neo_custom_data" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_neo_custom_data_id_neo_custom_data_id_fk" FOREIGN KEY ("neo_custom_data_id") REFERENCES "public"."neo_custom_data"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Workspaces that existed before per-workspace features get the three admin features new ones start with.
UPDATE "workspaces" SET "features" = ARRAY['polygonal', 'create_members', 'edit_members']::text[];
