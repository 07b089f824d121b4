import type { FastifyInstance } from 'fastify';
import { type SigninResponse, signinResponseSchema } from '@chat/contracts';
import { TEST_DEMO_PASSWORD } from './harness';

/** Signs in through the real route and returns the validated response. */
export async function signIn(
  app: FastifyInstance,
  identifier: string,
  password: string = TEST_DEMO_PASSWORD,
  rememberMe?: boolean,
): Promise<SigninResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { identifier, password, ...(rememberMe === undefined ? {} : { rememberMe }) },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in de ${identifier} falhou: ${res.statusCode} ${res.body}`);
  return signinResponseSchema.parse(res.json());
}
