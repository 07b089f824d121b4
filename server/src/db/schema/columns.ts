import { timestamp } from 'drizzle-orm/pg-core';

// Columns every schema file declares the same way.

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
