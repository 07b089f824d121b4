// All ids are UUIDs. Checked before a query: PostgreSQL would answer a
// malformed one with a cast error (a 500) instead of "not found".
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);
