import { and, eq, ne, sql } from 'drizzle-orm';
import type { SsoConfig, SsoConfigBody, SsoConfigResponse } from '@chat/contracts';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { workspaces, workspaceSso, type WorkspaceSsoRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { type AuditActor, record } from '../audit/audit';
import { isUuid } from '../../lib/ids';
import { isLoopbackHttp } from './oidc-client';

// The configuration of a workspace's provider (GET/PUT /workspace/{id}/sso), by ROOT or, when
// ROOT allows it, by the workspace's ADMIN (sso-access.ts).

export const SLUG_TAKEN = 'Este endereço já é de outro workspace';
export const DOMAIN_TAKEN = (domain: string) => `O domínio ${domain} já entra por outro workspace`;
export const SECRET_REQUIRED = 'Informe o segredo do cliente';
export const HTTPS_REQUIRED = 'O endereço do provedor precisa começar com https://';
const WORKSPACE_NOT_FOUND = 'Workspace não encontrado';

export const ssoRedirectUri = (appUrl: string) => `${appUrl}/api/sso/callback`;
export const ssoSignInUrl = (appUrl: string, slug: string) => `${appUrl}/sso/${slug}`;

/** Only the last characters of the secret ever leave the server, so the reader can tell which one is stored. */
const preview = (secret: string) => (secret.length <= 8 ? '••••' : `••••${secret.slice(-4)}`);

export function toSsoConfig(row: WorkspaceSsoRow, appUrl: string): SsoConfig {
  return {
    enabled: row.enabled,
    slug: row.slug,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretPreview: preview(row.clientSecret),
    allowedDomains: row.allowedDomains,
    createMembers: row.createMembers,
    allowPassword: row.allowPassword,
    redirectUri: ssoRedirectUri(appUrl),
    signInUrl: ssoSignInUrl(appUrl, row.slug),
  };
}

export async function findSsoByWorkspace(db: Db, workspaceId: string): Promise<WorkspaceSsoRow | null> {
  const [row] = await db.select().from(workspaceSso).where(eq(workspaceSso.workspaceId, workspaceId));
  return row ?? null;
}

export async function findSsoBySlug(db: Db, slug: string): Promise<WorkspaceSsoRow | null> {
  const [row] = await db.select().from(workspaceSso).where(eq(workspaceSso.slug, slug));
  return row ?? null;
}

/** The enabled configuration that lists the e-mail's domain, if any. */
export async function findSsoByDomain(db: Db, domain: string): Promise<WorkspaceSsoRow | null> {
  const [row] = await db
    .select()
    .from(workspaceSso)
    .where(and(eq(workspaceSso.enabled, true), sql`${domain.toLowerCase()} = any(${workspaceSso.allowedDomains})`))
    .limit(1);
  return row ?? null;
}

export async function readSsoConfig(db: Db, workspaceId: string, appUrl: string): Promise<SsoConfigResponse> {
  await assertWorkspace(db, workspaceId);
  const row = await findSsoByWorkspace(db, workspaceId);
  return { config: row ? toSsoConfig(row, appUrl) : null, redirectUri: ssoRedirectUri(appUrl) };
}

export async function saveSsoConfig(
  db: Db,
  workspaceId: string,
  body: SsoConfigBody,
  appUrl: string,
  actor: AuditActor,
  /** Runs once the secret to use is known, before anything is written: a throw refuses the save. */
  check?: (clientSecret: string) => Promise<void>,
): Promise<SsoConfigResponse> {
  await assertWorkspace(db, workspaceId);
  const issuer = body.issuer.replace(/\/+$/, '');
  if (!issuer.startsWith('https://') && !isLoopbackHttp(issuer)) throw badRequest(HTTPS_REQUIRED);
  const current = await findSsoByWorkspace(db, workspaceId);
  const clientSecret = body.clientSecret ?? current?.clientSecret;
  if (!clientSecret) throw badRequest(SECRET_REQUIRED);
  await check?.(clientSecret);
  const allowedDomains = [...new Set(body.allowedDomains)];
  // The sign-in page finds the workspace by the e-mail's domain: one domain, one enabled workspace.
  if (body.enabled) {
    const others = await db
      .select({ domains: workspaceSso.allowedDomains })
      .from(workspaceSso)
      .where(and(eq(workspaceSso.enabled, true), ne(workspaceSso.workspaceId, workspaceId)));
    const taken = allowedDomains.find((domain) => others.some((other) => other.domains.includes(domain)));
    if (taken) throw conflict(DOMAIN_TAKEN(taken));
  }
  const values = {
    enabled: body.enabled,
    slug: body.slug,
    issuer,
    clientId: body.clientId,
    clientSecret,
    allowedDomains,
    createMembers: body.createMembers,
    allowPassword: body.allowPassword,
    updatedAt: new Date(),
  };
  try {
    const row = await inTransaction(db, async (tx) => {
      const [saved] = await tx
        .insert(workspaceSso)
        .values({ workspaceId, ...values })
        .onConflictDoUpdate({ target: workspaceSso.workspaceId, set: values })
        .returning();
      // Everything but the secret, of which only whether it changed.
      const { clientSecret: _secret, updatedAt: _at, ...shown } = values;
      await record(tx, {
        action: 'workspace.sso_changed',
        workspaceId,
        actor,
        details: { ...shown, secretChanged: body.clientSecret !== undefined },
      });
      return saved;
    });
    return { config: toSsoConfig(row!, appUrl), redirectUri: ssoRedirectUri(appUrl) };
  } catch (error) {
    if (isUniqueViolation(error, 'workspace_sso_slug_key')) throw conflict(SLUG_TAKEN);
    throw error;
  }
}

async function assertWorkspace(db: Db, workspaceId: string): Promise<void> {
  if (!isUuid(workspaceId)) throw notFound(WORKSPACE_NOT_FOUND);
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!row) throw notFound(WORKSPACE_NOT_FOUND);
}

/** Whether the workspace still lets its people sign in with a password (ROOT has no workspace: always). */
export async function passwordAllowed(db: Db, workspaceId: string | null): Promise<boolean> {
  if (!workspaceId) return true;
  const row = await findSsoByWorkspace(db, workspaceId);
  return !row || !row.enabled || row.allowPassword;
}
