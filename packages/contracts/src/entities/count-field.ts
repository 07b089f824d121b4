import * as z from 'zod/mini';
import '../zod-locale';

/** A count in an entity: a non-negative integer. */
export const countField = () => z.number().check(z.int(), z.nonnegative());
