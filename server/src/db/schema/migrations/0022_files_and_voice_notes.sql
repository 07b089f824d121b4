ALTER TYPE "public"."message_content_type" ADD VALUE 'file';--> statement-breakpoint
ALTER TYPE "public"."message_content_type" ADD VALUE 'audio';--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mime_type" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
CREATE INDEX "messages_file_body_idx" ON "messages" USING btree ("body") WHERE "messages"."file_name" IS NOT NULL;