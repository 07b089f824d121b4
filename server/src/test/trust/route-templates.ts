// One valid request per route, written with placeholders instead of ids, so a proof can fill them
// with the caller's own ids or with another workspace's. The tenancy and bad-input proofs walk
// Fastify's route list and fail on any route that is neither here nor in PUBLIC_ROUTES, so a new
// route cannot escape them.

/** What a placeholder stands for. `term` is a search text (the other workspace's names). */
export type SlotKind =
  | 'user'
  | 'conversation'
  | 'group'
  | 'message'
  | 'polygon'
  | 'workspace'
  | 'invite'
  | 'email'
  | 'session'
  | 'term'
  | 'webhook'
  | 'outgoingWebhook';

/** A placeholder: "{{user}}", "{{group}}"... in the path, the query or anywhere in the body. */
export const slot = (kind: SlotKind) => `{{${kind}}}`;

export type Access = 'MEMBER' | 'ADMIN' | 'ROOT';

export interface RouteTemplate {
  /** Who may call it: members of a workspace (ADMIN and USER), its ADMIN only, or ROOT only. */
  access: Access;
  /** The request target with placeholders, e.g. "/api/group/get-by-id/{{group}}?x=1". */
  url: string;
  body?: unknown;
}

/** A fresh short text (e-mails, nickNames, clientIds must not repeat). */
export const nextNonce = (() => {
  let n = 0;
  return () => `t${Date.now().toString(36)}${(++n).toString(36)}`;
})();

/** "METHOD /url/as/:fastify/registered/it" -> its request(s). Bodies are functions: clientIds must be new. */
export const ROUTE_TEMPLATES: Record<string, Array<RouteTemplate | (() => RouteTemplate)>> = {
  'GET /api/auth/me': [{ access: 'MEMBER', url: '/api/auth/me' }],
  // A session is its owner's alone: another member's (or workspace's) session id is a 404.
  'GET /api/auth/sessions': [{ access: 'MEMBER', url: '/api/auth/sessions' }],
  'DELETE /api/auth/sessions/:id': [{ access: 'MEMBER', url: `/api/auth/sessions/${slot('session')}` }],
  'POST /api/auth/sessions/end-all': [{ access: 'MEMBER', url: '/api/auth/sessions/end-all', body: { exceptCurrent: true } }],
  'POST /api/user/invite': [() => ({ access: 'ADMIN', url: '/api/user/invite', body: { email: `${nextNonce()}@convite.chat` } })],
  'GET /api/conversation/get-conversations': [{ access: 'MEMBER', url: '/api/conversation/get-conversations?showEmpty=true' }],
  'GET /api/conversation/chat-summary': [{ access: 'MEMBER', url: '/api/conversation/chat-summary' }],
  'POST /api/conversation/create': [{ access: 'MEMBER', url: '/api/conversation/create', body: { userTwoId: slot('user') } }],
  'GET /api/conversation/get-by-id/:id': [{ access: 'MEMBER', url: `/api/conversation/get-by-id/${slot('conversation')}` }],
  'GET /api/conversation/search': [{ access: 'MEMBER', url: `/api/conversation/search?content=${slot('term')}` }],
  'POST /api/group/create': [
    { access: 'MEMBER', url: '/api/group/create', body: { name: 'Grupo Prova', description: 'd', members: [slot('user')] } },
  ],
  'GET /api/group/list': [{ access: 'MEMBER', url: '/api/group/list' }],
  'GET /api/group/get-by-id/:id': [{ access: 'MEMBER', url: `/api/group/get-by-id/${slot('group')}` }],
  'GET /api/group/search': [{ access: 'MEMBER', url: `/api/group/search?content=${slot('term')}` }],
  'GET /api/group/:groupId/search-members': [
    { access: 'MEMBER', url: `/api/group/${slot('group')}/search-members?content=${slot('term')}` },
  ],
  'GET /api/group/:groupId/members': [{ access: 'MEMBER', url: `/api/group/${slot('group')}/members?content=${slot('term')}` }],
  'GET /api/group/candidates': [{ access: 'MEMBER', url: `/api/group/candidates?groupId=${slot('group')}&content=${slot('term')}` }],
  'GET /api/group/candidate-ids': [{ access: 'MEMBER', url: `/api/group/candidate-ids?groupId=${slot('group')}&content=${slot('term')}` }],
  // An e-mail is not a slot here: the answer names the unknown ones back, as the person typed them.
  'POST /api/group/resolve-emails': [
    { access: 'MEMBER', url: '/api/group/resolve-emails', body: { emails: ['ninguem@nenhum.chat'], groupId: slot('group') } },
  ],
  'PATCH /api/group/update/:id': [
    { access: 'MEMBER', url: `/api/group/update/${slot('group')}`, body: { name: 'Renomeado', description: 'x' } },
  ],
  'POST /api/group/add-admin/:groupId': [
    { access: 'MEMBER', url: `/api/group/add-admin/${slot('group')}`, body: { newAdminId: slot('user') } },
  ],
  'POST /api/group/remove-admin/:groupId': [
    { access: 'MEMBER', url: `/api/group/remove-admin/${slot('group')}`, body: { adminId: slot('user') } },
  ],
  'POST /api/group/add-member/:groupId': [
    { access: 'MEMBER', url: `/api/group/add-member/${slot('group')}`, body: { newMembersIds: [slot('user')] } },
  ],
  'POST /api/group/remove-member/:groupId': [
    { access: 'MEMBER', url: `/api/group/remove-member/${slot('group')}`, body: { memberId: slot('user') } },
  ],
  'POST /api/group/leave/:groupId': [{ access: 'MEMBER', url: `/api/group/leave/${slot('group')}` }],
  'POST /api/group/update-photo/:groupId': [
    { access: 'MEMBER', url: `/api/group/update-photo/${slot('group')}`, body: { avatarUrl: null } },
  ],
  'GET /api/message/get-messages-by-conversation': [
    { access: 'MEMBER', url: `/api/message/get-messages-by-conversation?conversationId=${slot('conversation')}&all=true` },
  ],
  'GET /api/message/get-messages-by-group': [
    { access: 'MEMBER', url: `/api/message/get-messages-by-group?groupId=${slot('group')}&all=true` },
  ],
  'POST /api/message/send': [
    () => ({
      access: 'MEMBER',
      url: '/api/message/send',
      body: { conversationId: slot('conversation'), isGroup: false, content: { type: 'text', body: 'intrusa' }, clientId: nextNonce() },
    }),
    () => ({
      access: 'MEMBER',
      url: '/api/message/send',
      body: { conversationId: slot('group'), isGroup: true, content: { type: 'text', body: 'intrusa' }, clientId: nextNonce() },
    }),
  ],
  // Search over the caller's chats.
  'GET /api/message/search': [{ access: 'MEMBER', url: `/api/message/search?content=${slot('term')}` }],
  'GET /api/message/shared-media': [
    { access: 'MEMBER', url: `/api/message/shared-media?conversationId=${slot('conversation')}&kind=files` },
    { access: 'MEMBER', url: `/api/message/shared-media?groupId=${slot('group')}&kind=media` },
  ],
  // Message actions and silence.
  'PATCH /api/message/:id': [{ access: 'MEMBER', url: `/api/message/${slot('message')}`, body: { body: 'editada' } }],
  'DELETE /api/message/:id': [{ access: 'MEMBER', url: `/api/message/${slot('message')}` }],
  'POST /api/message/:id/reactions': [{ access: 'MEMBER', url: `/api/message/${slot('message')}/reactions`, body: { emoji: '👍' } }],
  'DELETE /api/message/:id/reactions/:emoji': [
    { access: 'MEMBER', url: `/api/message/${slot('message')}/reactions/${encodeURIComponent('👍')}` },
  ],
  'GET /api/message/:id/receipts': [{ access: 'MEMBER', url: `/api/message/${slot('message')}/receipts` }],
  'PATCH /api/conversation/:id/mute': [{ access: 'MEMBER', url: `/api/conversation/${slot('conversation')}/mute`, body: { muted: true } }],
  'PATCH /api/group/:id/mute': [{ access: 'MEMBER', url: `/api/group/${slot('group')}/mute`, body: { muted: true } }],
  // A group's integrations, for its admins.
  'GET /api/group/:groupId/webhooks': [{ access: 'MEMBER', url: `/api/group/${slot('group')}/webhooks` }],
  'POST /api/group/:groupId/webhooks': [{ access: 'MEMBER', url: `/api/group/${slot('group')}/webhooks`, body: { name: 'Intrusa' } }],
  'POST /api/group/:groupId/webhooks/:webhookId/regenerate': [
    { access: 'MEMBER', url: `/api/group/${slot('group')}/webhooks/${slot('webhook')}/regenerate` },
  ],
  'PATCH /api/group/:groupId/webhooks/:webhookId': [
    { access: 'MEMBER', url: `/api/group/${slot('group')}/webhooks/${slot('webhook')}`, body: { avatarUrl: null } },
  ],
  'DELETE /api/group/:groupId/webhooks/:webhookId': [{ access: 'MEMBER', url: `/api/group/${slot('group')}/webhooks/${slot('webhook')}` }],
  'GET /api/group/:groupId/outgoing-webhooks': [{ access: 'MEMBER', url: `/api/group/${slot('group')}/outgoing-webhooks` }],
  'POST /api/group/:groupId/outgoing-webhooks': [
    {
      access: 'MEMBER',
      url: `/api/group/${slot('group')}/outgoing-webhooks`,
      body: { name: 'Intrusa', url: 'https://hooks.exemplo.com/intrusa', trigger: 'mention' },
    },
  ],
  'DELETE /api/group/:groupId/outgoing-webhooks/:webhookId': [
    { access: 'MEMBER', url: `/api/group/${slot('group')}/outgoing-webhooks/${slot('outgoingWebhook')}` },
  ],
  'GET /api/group/:groupId/outgoing-webhooks/:webhookId/deliveries': [
    { access: 'MEMBER', url: `/api/group/${slot('group')}/outgoing-webhooks/${slot('outgoingWebhook')}/deliveries` },
  ],
  'GET /api/push/vapid-public-key': [{ access: 'MEMBER', url: '/api/push/vapid-public-key' }],
  'POST /api/push/subscriptions': [
    {
      access: 'MEMBER',
      url: '/api/push/subscriptions',
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/modelo', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } },
    },
  ],
  'DELETE /api/push/subscriptions': [
    { access: 'MEMBER', url: '/api/push/subscriptions', body: { endpoint: 'https://fcm.googleapis.com/fcm/send/modelo' } },
  ],
  'GET /api/notification-settings': [{ access: 'MEMBER', url: '/api/notification-settings' }],
  'PUT /api/notification-settings': [
    {
      access: 'MEMBER',
      url: '/api/notification-settings',
      body: { level: 'all', quietHours: null, timeZone: 'America/Sao_Paulo', sound: true, emailDigest: true },
    },
  ],
  'GET /api/user/search-in-same-workspace': [{ access: 'MEMBER', url: `/api/user/search-in-same-workspace?content=${slot('term')}` }],
  'GET /api/user/get-user-by-id': [{ access: 'MEMBER', url: `/api/user/get-user-by-id?id=${slot('user')}` }],
  'GET /api/user/common-groups/:userTwoId': [{ access: 'MEMBER', url: `/api/user/common-groups/${slot('user')}` }],
  'POST /api/cloud/generate-public-media-url': [
    {
      access: 'MEMBER',
      url: '/api/cloud/generate-public-media-url',
      body: { fileName: 'a.png', contentType: 'image/png', folder: 'avatars' },
    },
  ],
  'GET /api/workspace/get-by-admin-id': [{ access: 'ADMIN', url: '/api/workspace/get-by-admin-id' }],
  'PUT /api/workspace/settings': [{ access: 'ADMIN', url: '/api/workspace/settings', body: { refuseExecutables: false } }],
  'GET /api/workspace/members': [{ access: 'ADMIN', url: `/api/workspace/members?limit=10&content=${slot('term')}` }],
  'POST /api/user/create-member-without-invite': [
    () => {
      const nick = nextNonce();
      return {
        access: 'ADMIN',
        url: '/api/user/create-member-without-invite',
        body: { name: 'Nova Pessoa', email: `${nick}@novo.chat`, nickName: nick, password: 'senha-forte-123' },
      };
    },
  ],
  'PATCH /api/user/update/:targetUserId': [{ access: 'ADMIN', url: `/api/user/update/${slot('user')}`, body: { name: 'Nome Trocado' } }],
  'DELETE /api/user/:targetUserId': [{ access: 'ADMIN', url: `/api/user/${slot('user')}` }],
  'GET /api/user/invites': [{ access: 'ADMIN', url: '/api/user/invites' }],
  'DELETE /api/user/invites/:id': [{ access: 'ADMIN', url: `/api/user/invites/${slot('invite')}` }],
  'POST /api/neo-custom-data/create': [
    () => ({ access: 'ADMIN', url: '/api/neo-custom-data/create', body: { name: `Pol ${nextNonce()}` } }),
  ],
  'GET /api/neo-custom-data': [{ access: 'ADMIN', url: `/api/neo-custom-data?search=${slot('term')}` }],
  'PUT /api/neo-custom-data/edit/:id': [
    () => ({ access: 'ADMIN', url: `/api/neo-custom-data/edit/${slot('polygon')}`, body: { name: `Outro ${nextNonce()}` } }),
  ],
  'DELETE /api/neo-custom-data/:id': [{ access: 'ADMIN', url: `/api/neo-custom-data/${slot('polygon')}` }],
  'PATCH /api/user/update': [{ access: 'MEMBER', url: '/api/user/update', body: { name: 'Meu Nome' } }],
  'PATCH /api/user/update-password': [
    {
      access: 'MEMBER',
      url: '/api/user/update-password',
      body: { oldPassword: 'errada-123', newPassword: 'nova-senha-123', revokeApiKey: false },
    },
  ],
  'POST /api/api-key/create': [
    () => ({ access: 'MEMBER', url: '/api/api-key/create', body: { name: `Chave ${nextNonce()}`, permissions: 'READ_ONLY' } }),
  ],
  'GET /api/api-key/active': [{ access: 'MEMBER', url: '/api/api-key/active' }],
  // The caller's own data: nothing in the request names anyone, so nothing can reach another's.
  'POST /api/user/me/export': [{ access: 'MEMBER', url: '/api/user/me/export' }],
  'GET /api/user/me/export/status': [{ access: 'MEMBER', url: '/api/user/me/export/status' }],
  'GET /api/user/me/export': [{ access: 'MEMBER', url: '/api/user/me/export' }],
  // A wrong password: the proof must not erase its own tenants.
  'DELETE /api/user/me': [{ access: 'MEMBER', url: '/api/user/me', body: { password: 'errada-123', deleteMessages: false } }],
  'POST /api/workspace/create': [
    () => {
      const nick = nextNonce();
      return {
        access: 'ROOT',
        url: '/api/workspace/create',
        body: { name: `Equipe ${nick}`, adminName: 'Admin Novo', adminEmail: `${nick}@root.chat`, limitOfMembers: 0 },
      };
    },
  ],
  'GET /api/workspace/list': [{ access: 'ROOT', url: '/api/workspace/list' }],
  'GET /api/workspace/:id': [{ access: 'ROOT', url: `/api/workspace/${slot('workspace')}` }],
  'GET /api/workspace/:id/members': [{ access: 'ROOT', url: `/api/workspace/${slot('workspace')}/members?content=${slot('term')}` }],
  'PUT /api/workspace/:id': [
    {
      access: 'ROOT',
      url: `/api/workspace/${slot('workspace')}`,
      body: { name: 'Equipe Trocada', limitOfMembers: 10, storageQuotaMb: 100 },
    },
  ],
  'PATCH /api/workspace/change-admin/:id': [
    { access: 'ROOT', url: `/api/workspace/change-admin/${slot('workspace')}`, body: { newAdminEmail: slot('email') } },
  ],
  // A wrong name: the example must never delete the workspace the proofs run in.
  'DELETE /api/workspace/:id': [{ access: 'ROOT', url: `/api/workspace/${slot('workspace')}`, body: { confirmName: 'Outro nome' } }],
  'GET /api/workspace/deletions': [{ access: 'ROOT', url: '/api/workspace/deletions' }],
  'GET /api/workspace/deletions/:id': [{ access: 'ROOT', url: '/api/workspace/deletions/00000000-0000-4000-8000-000000000000' }],
  'GET /api/workspace/:id/sso': [{ access: 'ROOT', url: `/api/workspace/${slot('workspace')}/sso` }],
  // Turned off: saving an enabled provider would ask its discovery document first.
  'PUT /api/workspace/:id/sso': [
    () => ({
      access: 'ROOT',
      url: `/api/workspace/${slot('workspace')}/sso`,
      body: {
        enabled: false,
        slug: nextNonce(),
        issuer: 'https://idp.exemplo.com',
        clientId: 'papo',
        clientSecret: 'segredo-do-cliente',
        allowedDomains: [`${nextNonce()}.exemplo.com`],
        createMembers: false,
        allowPassword: true,
      },
    }),
  ],
  // The activity log: an ADMIN reads their own workspace's (another workspace or a person of it
  // named in the filter is a 404); ROOT reads every workspace's and sets the period.
  'GET /api/audit-log': [{ access: 'ADMIN', url: `/api/audit-log?workspaceId=${slot('workspace')}&actorId=${slot('user')}&limit=5` }],
  'GET /api/audit-log/export': [{ access: 'ADMIN', url: `/api/audit-log/export?workspaceId=${slot('workspace')}&actorId=${slot('user')}` }],
  'GET /api/audit-log/settings': [{ access: 'ROOT', url: '/api/audit-log/settings' }],
  'PUT /api/audit-log/settings': [{ access: 'ROOT', url: '/api/audit-log/settings', body: { retentionDays: 400 } }],
  'GET /api/retention-policy': [{ access: 'ADMIN', url: '/api/retention-policy' }],
  'PUT /api/retention-policy': [{ access: 'ADMIN', url: '/api/retention-policy', body: { messageRetentionDays: 90 } }],
  'POST /api/workspace-export': [{ access: 'ADMIN', url: '/api/workspace-export' }],
  'GET /api/workspace-export/status': [{ access: 'ADMIN', url: '/api/workspace-export/status' }],
  'GET /api/workspace-export': [{ access: 'ADMIN', url: '/api/workspace-export' }],
};

/** Routes without a workspace behind them, with the reason they are outside the tenancy proof. */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/health': 'liveness probe: answers the same to anyone, carries no data',
  'POST /api/auth/signin': 'sign-in: the password is the credential (rate limited, tested in auth)',
  'POST /api/refresh-token/use': 'the refresh token is the credential (tested in auth)',
  'POST /api/auth/signout': 'revokes the refresh token it is given, which is the credential',
  'POST /api/password-token/create': 'password reset request: same answer for any e-mail (tested in password-reset)',
  'PATCH /api/password-token/use': 'the reset token is the credential',
  'POST /api/password-token/welcome': 'the welcome token is the credential (tested in workspaces)',
  'POST /api/user/create-by-invite': 'registration: the invite code is the credential',
  'GET /api/openapi.json': 'public API description, no data',
  'GET /config.json': 'the web app configuration, no data',
  'GET /api/metrics':
    'process-wide counters and histograms (no ids, names or text); METRICS_TOKEN guards it when set, loopback only otherwise (metrics and private-answers tests)',
  'GET /media/*': 'capability URLs signed by the server (media tests); the key is unguessable',
  'PUT /media/*': 'upload URLs signed for one file and one deadline (media tests)',
  'GET /api/sso/lookup': "the company sign-in's first step: a workspace's sign-in link by e-mail domain, nothing else (sso tests)",
  'GET /api/sso/callback': "the provider's return: its code and the state bound to the browser's cookie are the credentials (sso tests)",
  'POST /api/sso/exchange': 'the one-time code the return handed to the page is the credential (sso tests)',
  'GET /sso/:slug': "a workspace's own sign-in link: sends the browser to its provider, carries no data (sso tests)",
  'GET /api/email-digest/unsubscribe':
    "the e-mail digest's link: its signed token is the credential, bound to one person, and it only turns their digests off (email-digest tests)",
  'POST /api/email-digest/unsubscribe': "the same link, posted by a mail client's one-click button (RFC 8058; email-digest tests)",
  'POST /api/hooks/:token':
    'an incoming webhook: the token in the URL is the credential, and it only posts into its own group (webhooks tests)',
  'GET /privacidade': "the deployment's privacy page, written from its configuration: the same for everyone, carries no one's data",
};

/** Swagger UI's own assets are public documentation. */
export const isDocsAsset = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
