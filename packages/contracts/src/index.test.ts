import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';

describe('package entry', () => {
  it('exports the schemas, helpers and texts of every module', () => {
    const names = [
      // existing
      'APP_VERSION',
      'LIMITS',
      'STORAGE_KEYS',
      'userSchema',
      'storedUserSchema',
      'polygonSchemaEntity',
      'apiErrorSchema',
      'appConfigSchema',
      'featureFlags',
      'FEATURE_FLAGS',
      'MSG',
      'signinSchema',
      'registerSchema',
      'forgotPasswordSchema',
      'resetPasswordFormSchema',
      'usePasswordTokenSchema',
      // members / polygons / profile / api keys
      'inviteMemberSchema',
      'createMemberSchema',
      'createMemberBodySchema',
      'editMemberSchema',
      'editMemberBodySchema',
      'onlyFilled',
      'polygonFormSchema',
      'profileSchema',
      'PROFILE_NO_CHANGES_TEXT',
      'changePasswordSchema',
      'apiKeyFormSchema',
      'createApiKeyBodySchema',
      'createdApiKeySchema',
      // workspaces / messages / groups / conversations
      'workspaceFormSchema',
      'updateWorkspaceBodySchema',
      'changeAdminBodySchema',
      'messageFormSchema',
      'sendMessageBodySchema',
      'validateImageFile',
      'generatePublicMediaUrlBodySchema',
      'groupCreateFormSchema',
      'createGroupBodySchema',
      'groupEditFormSchema',
      'addAdminBodySchema',
      'removeAdminBodySchema',
      'addMembersBodySchema',
      'removeMemberBodySchema',
      'createConversationBodySchema',
      'searchQuerySchema',
      'getMessagesByConversationQuerySchema',
      'getMessagesByGroupQuerySchema',
      // socket, texts
      'serverEventSchemas',
      'clientEventSchemas',
      'parseEvent',
      'ERROR_TEXTS',
      'SUCCESS_TEXTS',
      'ALERT_TEXTS',
      'EVENTS_PROVIDER_ERROR',
      'NO_SOCKET_WARNING',
    ];
    const missing = names.filter((n) => !(n in contracts));
    expect(missing).toEqual([]);
  });

  it('sets zod fallback messages to pt-BR', () => {
    const result = z.object({ a: z.string() }).safeParse({});
    expect(result.error?.issues[0]?.message).toMatch(/^Entrada inválida/);
    // A schema's own message still wins.
    expect(contracts.signinSchema.safeParse({ identifier: '', password: 'x' }).error?.issues[0]?.message).toBe('Usuário é obrigatório');
  });
});
