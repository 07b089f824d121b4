import * as z from 'zod/mini';
import '../zod-locale';
import { uuidField } from './fields';
import { messageTextField } from './message-text';
import { MENTION_ALL } from '../mentions';

// Edit, delete, reply, reactions, mentions, silence and who read it.

export const MESSAGE_ACTION_LIMITS = {
  /** Distinct emoji on one message. */
  reactionsPerMessage: 20,
  mentionsPerMessage: 50,
  /** The reaction bar's frequent emoji. */
  frequentReactions: ['👍', '❤️', '😂', '😮', '😢', '🙏'],
} as const;

export const MESSAGE_ACTION_ERRORS = {
  messageNotFound: 'Mensagem não encontrada',
  replyNotFound: 'Mensagem respondida não encontrada',
  editOthers: 'Você só pode editar suas próprias mensagens',
  editImage: 'Imagens não podem ser editadas',
  editFile: 'Arquivos não podem ser editados',
  editAudio: 'Mensagens de voz não podem ser editadas',
  editDeleted: 'Uma mensagem apagada não pode ser editada',
  deleteOthers: 'Você só pode apagar suas próprias mensagens',
  reactDeleted: 'Não é possível reagir a uma mensagem apagada',
  tooManyReactions: `Uma mensagem pode ter no máximo ${MESSAGE_ACTION_LIMITS.reactionsPerMessage} reações diferentes`,
  receiptsOthers: 'Apenas o autor pode ver quem leu a mensagem',
  mentionOutsideGroup: 'Menções só podem ser feitas em grupos',
  mentionNotMember: 'Só é possível mencionar membros do grupo',
  mentionNotInText: 'Cada menção deve aparecer no texto da mensagem',
  mentionAllAdminsOnly: 'Apenas administradores do grupo podem mencionar @todos',
  mentionInImage: 'Uma imagem não pode ter menções',
  invalidEmoji: 'Emoji inválido',
  invalidMention: 'Menção inválida',
  systemLine: 'Os avisos do grupo não podem ser alterados',
} as const;

/** The users a message mentions (ids of group members), or MENTION_ALL. */
export const mentionsField = () =>
  z
    .array(
      z.string(MESSAGE_ACTION_ERRORS.invalidMention).check(
        z.trim(),
        z.toLowerCase(),
        z.refine(
          (v) => v === MENTION_ALL || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v),
          MESSAGE_ACTION_ERRORS.invalidMention,
        ),
      ),
      MESSAGE_ACTION_ERRORS.invalidMention,
    )
    .check(z.maxLength(MESSAGE_ACTION_LIMITS.mentionsPerMessage, MESSAGE_ACTION_ERRORS.invalidMention));

/** Body of PATCH /message/{id}: the new text (same rules as a new message) and its mentions. */
export const editMessageBodySchema = z.object({
  body: messageTextField(),
  mentions: z.optional(mentionsField()),
});
export type EditMessageBody = z.infer<typeof editMessageBodySchema>;

// One emoji: pictographs, flags and keycaps with their joiners, skin tones and variation selectors
// (all Emoji_Component); no text.
const EMOJI_PART = /^(?:\p{Extended_Pictographic}|\p{Emoji_Component})+$/u;
const EMOJI_CORE = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
export const isEmoji = (value: string) => value.length <= 32 && EMOJI_PART.test(value) && EMOJI_CORE.test(value);

export const emojiField = () => z.string(MESSAGE_ACTION_ERRORS.invalidEmoji).check(z.refine(isEmoji, MESSAGE_ACTION_ERRORS.invalidEmoji));

/** Body of POST /message/{id}/reactions. */
export const reactionBodySchema = z.object({ emoji: emojiField() });
export type ReactionBody = z.infer<typeof reactionBodySchema>;

/** Params of DELETE /message/{id}/reactions/{emoji}. */
export const reactionParamsSchema = z.object({ id: uuidField(), emoji: emojiField() });

/** Body of PATCH /conversation/{id}/mute and /group/{id}/mute, and its answer. */
export const muteBodySchema = z.object({ muted: z.boolean('muted deve ser verdadeiro ou falso') });
export type MuteBody = z.infer<typeof muteBodySchema>;

const personSchema = z.object({ id: z.string(), name: z.string(), avatarUrl: z.nullable(z.string()) });

/** GET /message/{id}/receipts: who read it and who has it delivered but not read yet ('Lida por', 'Entregue a'). */
export const messageReceiptsSchema = z.object({
  messageId: z.string(),
  readBy: z.array(z.object({ user: personSchema, at: z.string() })),
  deliveredTo: z.array(z.object({ user: personSchema, at: z.string() })),
});
export type MessageReceipts = z.infer<typeof messageReceiptsSchema>;
