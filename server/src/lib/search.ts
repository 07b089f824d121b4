import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';

// Case- and accent-insensitive search without the unaccent extension (PGlite lacks it): both the
// column and the term go through the same translate() + lower(). translate() runs first and lists
// capitals too, because lower() under the C collation (PGlite's) leaves non-ASCII letters alone.
const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN';

// Inlined as literals, not bound parameters: folded() also defines the stored column
// messages.body_folded (db/schema), in DDL, where nothing can be bound.
const ACCENTED_SQL = sql.raw(`'${ACCENTED}'`);
const PLAIN_SQL = sql.raw(`'${PLAIN}'`);

/** The searchable form of a text column or value. */
export const folded = (value: SQLWrapper | string): SQL => sql`lower(translate(${value}, ${ACCENTED_SQL}, ${PLAIN_SQL}))`;

/** LIKE's own wildcards typed by the user are literal characters. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `column` contains `term`, ignoring case and accents. */
export function containsFolded(column: SQLWrapper, term: string): SQL {
  return foldedContains(folded(column), term);
}

/** Like containsFolded, for a value that is folded already (a stored folded column). */
export function foldedContains(foldedValue: SQLWrapper, term: string): SQL {
  return sql`${foldedValue} LIKE '%' || ${folded(escapeLike(term))} || '%'`;
}

/**
 * `foldedValue` (a value folded already) has a word starting with `term`, ignoring case and
 * accents (after a space, or at the start). For terms of two letters: inside words they match
 * nearly every message, and a trigram index can only serve them with the word's start (pg_trgm
 * pads words with spaces).
 */
export function foldedStartsWord(foldedValue: SQLWrapper, term: string): SQL {
  const value = folded(escapeLike(term));
  return sql`(${foldedValue} LIKE ${value} || '%' OR ${foldedValue} LIKE '% ' || ${value} || '%')`;
}
