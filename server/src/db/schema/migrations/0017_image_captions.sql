-- An image's caption, and the searchable text now made of it: a generated column's expression can
-- only change by adding the column again, and its trigram index goes with it, so both are rebuilt.
-- The expression names the types that hold words ('text', 'image'), not 'system': an enum value
-- cannot be used in the transaction that added it, and the migrations run in one.
ALTER TABLE "messages" ADD COLUMN "caption" text;--> statement-breakpoint
DROP INDEX "messages_body_folded_trgm_idx";--> statement-breakpoint
ALTER TABLE "messages" drop column "body_folded";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "body_folded" text GENERATED ALWAYS AS (lower(translate(regexp_replace(CASE "messages"."content_type" WHEN 'text' THEN "messages"."body" WHEN 'image' THEN coalesce("messages"."caption", '') ELSE '' END, '<@[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}>', ' ', 'g'), 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_body_folded_trgm_idx" ON "messages" USING gin ("body_folded" gin_trgm_ops);
