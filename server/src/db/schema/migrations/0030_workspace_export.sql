DROP INDEX "data_exports_active_user_key";--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_active_workspace_key" ON "data_exports" USING btree ("workspace_id") WHERE "data_exports"."status" IN ('pending', 'running') AND "data_exports"."workspace_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_active_user_key" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" IN ('pending', 'running') AND "data_exports"."workspace_id" IS NULL;