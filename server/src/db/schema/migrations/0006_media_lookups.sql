CREATE INDEX "groups_avatar_url_idx" ON "groups" USING btree ("avatar_url") WHERE "groups"."avatar_url" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_image_body_idx" ON "messages" USING btree ("body") WHERE "messages"."content_type" = 'image';--> statement-breakpoint
CREATE INDEX "users_avatar_url_idx" ON "users" USING btree ("avatar_url") WHERE "users"."avatar_url" IS NOT NULL;