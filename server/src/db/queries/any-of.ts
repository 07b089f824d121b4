import { type Column, type SQL, sql, type SQLWrapper } from 'drizzle-orm';

/**
 * `column = ANY(ARRAY(subquery))`: the subquery runs once (an InitPlan) and its values probe
 * the column's index, whatever the planner guesses of the subquery's size. `IN (subquery)` is
 * planned as a join, which for a CTE of unknown size may scan and hash the whole table instead.
 */
export const anyOf = (column: Column, values: SQLWrapper): SQL => sql`${column} = ANY(ARRAY(${values}))`;
