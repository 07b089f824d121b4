DROP INDEX "messages_conversation_seq_idx";--> statement-breakpoint
DROP INDEX "messages_group_seq_idx";--> statement-breakpoint
CREATE INDEX "messages_conversation_seq_idx" ON "messages" USING btree ("conversation_id","seq") WHERE "messages"."conversation_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_group_seq_idx" ON "messages" USING btree ("group_id","seq") WHERE "messages"."group_id" IS NOT NULL;