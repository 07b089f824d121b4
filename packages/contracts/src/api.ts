import * as z from 'zod/mini';
import './zod-locale';
import { userSchema } from './entities';

/**
 * Every error the server answers with (docs/arquitetura.md, O servidor): message is Portuguese and
 * user-facing.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  issues: z.optional(z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const signinResponseSchema = z.extend(tokenPairSchema, { user: userSchema });
export type SigninResponse = z.infer<typeof signinResponseSchema>;

/** Claims of the access JWT. */
export const accessClaimsSchema = z.object({
  sub: z.string(),
  role: z.enum(['ROOT', 'ADMIN', 'USER']),
  workspaceId: z.nullable(z.string()),
  exp: z.number(),
  /** The session (sign-in) the token belongs to: ending it refuses the token at once. */
  sid: z.optional(z.string()),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

/** One dependency as GET /api/health sees it: 'down' when it failed or did not answer in time. */
export const dependencyStatusSchema = z.enum(['ok', 'down']);
/**
 * GET /api/health: 200 with status 'ok' when every dependency answers, 503 with 'unavailable'
 * (and which one is down) otherwise, so that a load balancer stops sending to that process; 503
 * with 'draining' once the process has been told to shut down (it still serves what reaches it).
 * `redis` only where the server uses one.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'draining']),
  engine: z.enum(['pglite', 'postgres']),
  version: z.string(),
  dependencies: z.object({ database: dependencyStatusSchema, redis: z.optional(dependencyStatusSchema) }),
});
export type Health = z.infer<typeof healthSchema>;
