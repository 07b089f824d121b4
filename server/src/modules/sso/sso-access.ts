import type { FastifyRequest } from 'fastify';
import type { SsoConfigBody } from '@chat/contracts';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { requestFlags } from '../auth/feature-flags';
import type { OidcClients } from './oidc-client';

// Who may read and change a workspace's sign-in with the company's account: ROOT any workspace;
// its ADMIN only when ROOT turned on the workspace's admin_sso feature.

export const SSO_ADMIN_NOT_ALLOWED = 'O ROOT não liberou a configuração da entrada pela empresa para o administrador deste workspace';
export const SSO_WORKSPACE_NOT_FOUND = 'Workspace não encontrado';
export const SSO_OWN_DOMAIN_REQUIRED = (domain: string) =>
  `Para desligar a entrada com senha, inclua o domínio do seu e-mail (${domain}) nos domínios permitidos: senão você mesmo não conseguiria entrar`;
export const SSO_PROVIDER_UNREACHABLE =
  'Para desligar a entrada com senha, o provedor de identidade precisa responder: não foi possível falar com ele neste endereço';

/** preHandler after requireAuth(ROOT, ADMIN): an ADMIN of another workspace is told it does not exist. */
export async function requireSsoAccess(request: FastifyRequest<{ Params: { id: string } }>): Promise<void> {
  const user = request.user;
  if (!user || user.role === 'ROOT') return;
  if (user.workspaceId !== request.params.id) throw notFound(SSO_WORKSPACE_NOT_FOUND);
  if (!requestFlags(request).has('admin_sso')) throw forbidden(SSO_ADMIN_NOT_ALLOWED);
}

/**
 * An ADMIN signs in like the workspace's members: turning password sign-in off must leave them
 * a way in, so their own domain must be allowed and the provider must answer its discovery. ROOT
 * always keeps password sign-in and can undo any configuration, so its saves are not held back.
 */
export async function assertAdminKeepsAWayIn(
  clients: OidcClients,
  admin: { email: string },
  body: SsoConfigBody,
  clientSecret: string,
): Promise<void> {
  if (!body.enabled || body.allowPassword) return;
  const domain = admin.email.split('@')[1]?.toLowerCase() ?? '';
  if (!body.allowedDomains.includes(domain)) throw badRequest(SSO_OWN_DOMAIN_REQUIRED(domain));
  const issuer = body.issuer.replace(/\/+$/, '');
  if (!(await clients.answers({ issuer, clientId: body.clientId, clientSecret }))) throw badRequest(SSO_PROVIDER_UNREACHABLE);
}
