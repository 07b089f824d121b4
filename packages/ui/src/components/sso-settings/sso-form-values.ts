import { type SsoConfig, ssoConfigBodySchema, type SsoConfigBody } from '@chat/contracts';

/** The form as typed: domains as one text, the secret empty when the stored one stays. */
export interface SsoFormValues {
  enabled: boolean;
  slug: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  createMembers: boolean;
  allowPassword: boolean;
}

export type SsoFieldErrors = Partial<Record<keyof SsoFormValues, string>>;

/** A workspace name as a link: lower case, no accents, hyphens between words. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

export function initialSsoValues(config: SsoConfig | null, workspaceName: string): SsoFormValues {
  return {
    enabled: config?.enabled ?? true,
    slug: config?.slug ?? slugFromName(workspaceName),
    issuer: config?.issuer ?? '',
    clientId: config?.clientId ?? '',
    clientSecret: '',
    domains: config?.allowedDomains.join(', ') ?? '',
    createMembers: config?.createMembers ?? true,
    allowPassword: config?.allowPassword ?? true,
  };
}

const FIELD_OF: Record<string, keyof SsoFormValues> = { allowedDomains: 'domains' };

/** The body of PUT /workspace/{id}/sso, validated by the contracts' schema, or each field's message. */
export function toSsoBody(values: SsoFormValues, hasStoredSecret: boolean): { body: SsoConfigBody } | { errors: SsoFieldErrors } {
  const parsed = ssoConfigBodySchema.safeParse({
    enabled: values.enabled,
    slug: values.slug,
    issuer: values.issuer,
    clientId: values.clientId,
    clientSecret: values.clientSecret.trim() === '' ? undefined : values.clientSecret,
    allowedDomains: values.domains.split(/[\s,;]+/).filter(Boolean),
    createMembers: values.createMembers,
    allowPassword: values.allowPassword,
  });
  const errors: SsoFieldErrors = {};
  if (!hasStoredSecret && values.clientSecret.trim() === '') errors.clientSecret = 'Informe o segredo do cliente';
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      const field = FIELD_OF[key] ?? (key as keyof SsoFormValues);
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { body: parsed.data };
}
