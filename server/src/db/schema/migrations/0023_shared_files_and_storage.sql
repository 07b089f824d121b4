-- A file is found by its name: the searchable text gains it. A generated column's expression only
-- changes by adding the column again, and its trigram index goes with it, so both are rebuilt.
DROP INDEX "messages_body_folded_trgm_idx";--> statement-breakpoint
ALTER TABLE "messages" drop column "body_folded";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "body_folded" text GENERATED ALWAYS AS (lower(translate(regexp_replace(CASE "messages"."content_type" WHEN 'text' THEN "messages"."body" WHEN 'image' THEN coalesce("messages"."caption", '') ELSE coalesce(CASE WHEN "messages"."duration_ms" IS NULL THEN "messages"."file_name" END, '') END, '<@[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}>', ' ', 'g'), 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_body_folded_trgm_idx" ON "messages" USING gin ("body_folded" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "refuse_executables" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_conversation_shared_idx" ON "messages" USING btree ("conversation_id","seq") WHERE "messages"."conversation_id" IS NOT NULL AND ("messages"."content_type" = 'image' OR "messages"."file_name" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "messages_group_shared_idx" ON "messages" USING btree ("group_id","seq") WHERE "messages"."group_id" IS NOT NULL AND ("messages"."content_type" = 'image' OR "messages"."file_name" IS NOT NULL);