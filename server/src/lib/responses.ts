import * as z from 'zod/mini';

/** Body of the calls that only confirm something: the browser shows `message` in a toast. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
