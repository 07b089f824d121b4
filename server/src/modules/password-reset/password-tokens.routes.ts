import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forgotPasswordSchema, signinResponseSchema, usePasswordTokenSchema } from '@chat/contracts';
import { BackgroundTasks } from '../../lib/background-tasks';
import { messageResponseSchema } from '../../lib/responses';
import { refuseWhenFlag } from '../auth/feature-flags';
import { describeUserAgent } from '../auth/session-device';
import { PASSWORD_RESET_DONE, PasswordResetService, RESET_REQUESTED } from './password-tokens.service';

export const RECOVERY_DISABLED = 'Recuperação de senha desativada';

// Mounted under /api. Both calls are public; on the production origin they are off
// (flag disable_recovery_password), as the page hides the link there.
export const passwordTokenRoutes: FastifyPluginAsync = async (app) => {
  const { rateLimiter, rateLimits } = app.ctx;
  const service = new PasswordResetService(app.ctx);
  const afterAnswer = new BackgroundTasks(app.log);
  app.addHook('onClose', () => afterAnswer.settled());
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const whenEnabled = refuseWhenFlag('disable_recovery_password', RECOVERY_DISABLED);

  routes.post(
    '/password-token/create',
    { onRequest: whenEnabled, schema: { body: forgotPasswordSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      // Every request may send a mail, so all of them count, per address and per client.
      await rateLimiter.consume([
        { name: 'reset:ip', subject: request.ip, rule: rateLimits.passwordResetPerIp },
        { name: 'reset:email', subject: request.body.email, rule: rateLimits.passwordResetPerEmail },
      ]);
      // Looked up, stored and mailed after the answer, for a registered e-mail and an unknown one
      // alike: both answers do the same work, so their timing tells nothing.
      const { email } = request.body;
      afterAnswer.run('falha ao preparar a redefinição de senha', () => service.request(email));
      return { message: RESET_REQUESTED };
    },
  );

  routes.patch(
    '/password-token/use',
    { onRequest: whenEnabled, schema: { body: usePasswordTokenSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await service.reset(request.body.token, request.body.newPassword);
      return { message: PASSWORD_RESET_DONE };
    },
  );

  // The welcome link of an account someone else created (a workspace's new admin): sets the first
  // password and answers signed in. Not behind the recovery flag: a new admin on the production
  // origin needs it as much as anyone.
  routes.post('/password-token/welcome', { schema: { body: usePasswordTokenSchema, response: { 200: signinResponseSchema } } }, (request) =>
    service.welcome(request.body.token, request.body.newPassword, describeUserAgent(request.headers['user-agent'])),
  );
};
