import * as z from 'zod/mini';
import '../zod-locale';
import { emailField } from './fields';

// Single sign-on with OpenID Connect, configured per workspace by ROOT (docs/produto.md, Entrar
// com a conta da empresa). The client secret goes to the server and never comes back: the
// configuration read returns only its last characters.

/** The workspace's own link is /sso/<slug>: lower-case letters, digits and hyphens. */
export const SSO_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
const SLUG_MESSAGE = 'Use de 1 a 40 letras minúsculas, números ou hífens, sem hífen nas pontas';
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const domainField = () =>
  z.string('Domínio inválido').check(
    z.trim(),
    z.toLowerCase(),
    z.overwrite((value) => value.replace(/^@/, '')),
    z.regex(DOMAIN_PATTERN, 'Domínio inválido'),
  );

/** Body of PUT /workspace/{id}/sso. Without `clientSecret` the stored one is kept. */
export const ssoConfigBodySchema = z.object({
  enabled: z.boolean('Informe se a entrada pela empresa está ligada'),
  slug: z.string(SLUG_MESSAGE).check(z.trim(), z.toLowerCase(), z.regex(SSO_SLUG_PATTERN, SLUG_MESSAGE)),
  issuer: z
    .string('Endereço do provedor inválido')
    .check(z.trim(), z.url({ protocol: /^https?$/, error: 'Endereço do provedor inválido' })),
  clientId: z
    .string('Informe o identificador do cliente')
    .check(z.trim(), z.minLength(1, 'Informe o identificador do cliente'), z.maxLength(500, 'Identificador do cliente muito longo')),
  clientSecret: z.optional(
    z
      .string('Informe o segredo do cliente')
      .check(z.trim(), z.minLength(1, 'Informe o segredo do cliente'), z.maxLength(2000, 'Segredo do cliente muito longo')),
  ),
  allowedDomains: z
    .array(domainField())
    .check(z.minLength(1, 'Informe ao menos um domínio de e-mail'), z.maxLength(50, 'No máximo 50 domínios')),
  createMembers: z.boolean(),
  allowPassword: z.boolean(),
});
export type SsoConfigBody = z.infer<typeof ssoConfigBodySchema>;

/** What ROOT reads back: everything but the secret, of which only the last characters. */
export const ssoConfigSchema = z.object({
  enabled: z.boolean(),
  slug: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretPreview: z.string(),
  allowedDomains: z.array(z.string()),
  createMembers: z.boolean(),
  allowPassword: z.boolean(),
  /** The address to register at the provider as the redirect URI. */
  redirectUri: z.string(),
  /** The workspace's own sign-in link. */
  signInUrl: z.string(),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

export const ssoConfigResponseSchema = z.object({ config: z.nullable(ssoConfigSchema), redirectUri: z.string() });
export type SsoConfigResponse = z.infer<typeof ssoConfigResponseSchema>;

/** The sign-in page's "Entrar com a conta da empresa": which workspace answers for this e-mail. */
export const ssoLookupQuerySchema = z.object({ email: emailField() });
export const ssoLookupResponseSchema = z.object({ url: z.string() });

/** The one-time code the provider's return hands to the page, exchanged for the session. */
export const SSO_HANDOFF_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const ssoExchangeBodySchema = z.object({
  code: z.string('Código de entrada inválido').check(z.regex(SSO_HANDOFF_PATTERN, 'Código de entrada inválido')),
});

/** Why a sign-in through the provider ended on the error page (`/sso?erro=<code>`). */
export const SSO_ERRORS = {
  provider: 'Não foi possível falar com o provedor de identidade da empresa. Tente de novo em alguns minutos.',
  client: 'O provedor de identidade recusou a configuração do Papo (cliente ou segredo incorretos). Avise o administrador.',
  domain: 'Este e-mail não pode entrar neste workspace pela conta da empresa.',
  unverified: 'O provedor de identidade não confirmou este e-mail, então a conta não pode ser usada por aqui.',
  limit: 'O workspace atingiu o limite de membros. Peça ao administrador para liberar uma vaga.',
  'no-account': 'Você ainda não tem conta neste workspace. Peça um convite ao administrador.',
  inactive: 'Esta conta foi desativada neste workspace.',
  expired: 'Este pedido de entrada expirou ou não é válido. Comece de novo.',
  denied: 'A entrada foi cancelada no provedor de identidade.',
  unknown: 'Este workspace não usa a entrada pela conta da empresa.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;
export const isSsoErrorCode = (value: string | null): value is SsoErrorCode => value !== null && Object.hasOwn(SSO_ERRORS, value);

export const SSO_TEXTS = {
  entry: 'Entrar com a conta da empresa',
  notFound: 'Nenhum workspace entra pela conta da empresa com este e-mail',
  passwordRefused: 'Neste workspace, entre com a conta da empresa',
} as const;
