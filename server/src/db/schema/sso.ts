import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './index';
import { createdAt } from './columns';

// Single sign-on with OpenID Connect (modules/sso): one provider per workspace, the people it has
// signed in, and the two short-lived steps of a sign-in.

export const workspaceSso = pgTable(
  'workspace_sso',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    // The workspace's own link, /sso/<slug>.
    slug: text('slug').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    // The server needs it in clear to authenticate at the provider; no response carries it back.
    clientSecret: text('client_secret').notNull(),
    // Lower-case e-mail domains; an e-mail of any other domain is refused.
    allowedDomains: text('allowed_domains').array().notNull(),
    // Whether a person of an allowed domain without an account gets one (counting against the limit).
    createMembers: boolean('create_members').notNull(),
    // Whether the workspace's people may still sign in with a password.
    allowPassword: boolean('allow_password').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workspace_sso_slug_key').on(t.slug)],
);

// Who the provider says a person is (issuer + subject), linked to one account on first sign-in.
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('sso_identities_user_id_idx').on(t.userId)],
);

// One trip to the provider: what the return must match (state, kept as a hash), the nonce and the
// PKCE verifier. Used once; expires in minutes.
export const ssoLogins = pgTable(
  'sso_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sso_logins_expires_at_idx').on(t.expiresAt)],
);

// The provider's return hands the page a one-time code (in the URL fragment), which the page
// exchanges for the session: tokens never travel in a URL.
export const ssoHandoffs = pgTable(
  'sso_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sso_handoffs_expires_at_idx').on(t.expiresAt)],
);

export type WorkspaceSsoRow = typeof workspaceSso.$inferSelect;
