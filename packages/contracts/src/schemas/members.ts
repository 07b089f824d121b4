import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';
import { userSchema } from '../entities';
import { accountFields, emailField, nameField, nickNameField, passwordField, passwordsMatch, uuidField } from './fields';

/** Body of POST /user/invite (ADMIN). */
export const inviteMemberSchema = z.object({ email: emailField() });
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/** The admin's "Criar Conta" form: the register form without the invite code. */
export const createMemberSchema = z
  .object({ ...accountFields(), confirmPassword: passwordField() })
  .check(passwordsMatch('password', 'confirmPassword'));
export type CreateMemberInput = z.infer<typeof createMemberSchema>;

/** Body of POST /user/create-member-without-invite (the confirmation stays in the browser). */
export const createMemberBodySchema = z.object(accountFields());
export type CreateMemberBody = z.infer<typeof createMemberBodySchema>;

/**
 * A form field that may be left empty: '' means "not filled" and passes; anything else must pass
 * `field`. (When '' is rejected as a literal the union reports `field`'s own message.)
 */
const emptyable = <T extends z.ZodMiniType<string, string>>(field: T) => z.optional(z.union([z.literal(''), field]));

/** The edit-member form: every field optional; only what is filled is validated and sent. */
export const editMemberSchema = z.object({
  name: emptyable(nameField(LIMITS.memberEditNameMin)),
  email: emptyable(emailField()),
  nickName: emptyable(nickNameField()),
  password: emptyable(passwordField()),
  /** The polygon select: '' is "no change", null clears the label (flag polygonal). */
  neoCustomDataId: z.optional(z.nullable(z.string())),
});
export type EditMemberInput = z.infer<typeof editMemberSchema>;

/** Body of PATCH /user/update/{targetUserId}: the filled fields only, at least one. */
export const editMemberBodySchema = z
  .object({
    name: z.optional(nameField(LIMITS.memberEditNameMin)),
    email: z.optional(emailField()),
    nickName: z.optional(nickNameField()),
    password: z.optional(passwordField()),
    /** A polygon of the member's workspace, or null to clear it (needs flag polygonal). */
    neoCustomDataId: z.optional(z.nullable(uuidField())),
  })
  .check(
    z.refine((v) => Object.values(v).some((x) => x !== undefined), {
      message: 'Preencha ao menos um campo',
    }),
  );
export type EditMemberBody = z.infer<typeof editMemberBodySchema>;

type Filled<T> = { [K in keyof T]?: Exclude<T[K], '' | null | undefined> };

/** Drops empty fields ('' , blank strings, null, undefined) so only filled fields are sent. */
export function onlyFilled<T extends Record<string, unknown>>(values: T): Filled<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    out[key] = value;
  }
  return out as Filled<T>;
}

/** A pending invite as GET /user/invites lists it (the code itself only travels by mail). */
export const pendingInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The invite's register link, for the admin to pass on by hand (without a mail server, say). */
  link: z.string(),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;
export const pendingInviteListSchema = z.array(pendingInviteSchema);

/**
 * DELETE /user/{targetUserId}, optional: without it, or with `eraseData` false, the member is only
 * removed (the account deactivated). With it, their account is erased as in 'Excluir minha conta';
 * `deleteMessages` then deletes their messages and files for everyone too.
 */
export const removeTeamMemberBodySchema = z.nullish(
  z.object({
    eraseData: z.optional(z.boolean('eraseData deve ser verdadeiro ou falso')),
    deleteMessages: z.optional(z.boolean('deleteMessages deve ser verdadeiro ou falso')),
  }),
);
export type RemoveTeamMemberBody = z.infer<typeof removeTeamMemberBodySchema>;

/** Answer of the member calls that only confirm (remove member, cancel invite). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

const MEMBER_PAGE_LIMIT_MESSAGE = `O limite deve ser entre 1 e ${LIMITS.memberPageMax}`;
const MEMBER_SEARCH_MAX = 100;
const MEMBER_CURSOR_MAX = 400;

/**
 * Query of GET /workspace/members (ADMIN, own workspace) and GET /workspace/{id}/members (ROOT):
 * `cursor` is the previous page's `nextCursor`; `content` searches name, nickName, e-mail and
 * polygon name, ignoring case and accents ('' or absent: everyone).
 */
export const memberPageQuerySchema = z.object({
  cursor: z.optional(
    z.string('Cursor inválido').check(z.minLength(1, 'Cursor inválido'), z.maxLength(MEMBER_CURSOR_MAX, 'Cursor inválido')),
  ),
  limit: z._default(
    z.optional(
      z.coerce
        .number(MEMBER_PAGE_LIMIT_MESSAGE)
        .check(
          z.int(MEMBER_PAGE_LIMIT_MESSAGE),
          z.gte(1, MEMBER_PAGE_LIMIT_MESSAGE),
          z.lte(LIMITS.memberPageMax, MEMBER_PAGE_LIMIT_MESSAGE),
        ),
    ),
    LIMITS.memberPageSize,
  ),
  content: z._default(
    z.optional(z.string().check(z.trim(), z.maxLength(MEMBER_SEARCH_MAX, `A busca deve ter no máximo ${MEMBER_SEARCH_MAX} caracteres`))),
    '',
  ),
});
export type MemberPageQuery = z.output<typeof memberPageQuerySchema>;

/** One page of active members, by name then id; `nextCursor` is null on the last page. */
export const memberPageSchema = z.object({ members: z.array(userSchema), nextCursor: z.nullable(z.string()) });
export type MemberPage = z.infer<typeof memberPageSchema>;
