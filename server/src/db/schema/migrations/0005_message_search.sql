-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. PGlite loads it in db/pglite.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "messages_body_folded_trgm_idx" ON "messages" USING gin (lower(translate("body", 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_seq_idx" ON "messages" USING btree ("seq");