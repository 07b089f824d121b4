import * as z from 'zod/mini';
import '../zod-locale';

// The e-mail digest's "turn off" link: GET (the link in the mail) and POST (RFC 8058's one-click
// List-Unsubscribe) with the token the mail carries, no sign-in.

export const EMAIL_DIGEST_TEXTS = {
  /** The token is missing, malformed or forged. */
  badToken: 'Link para desativar o resumo inválido',
  offTitle: 'Resumo por e-mail desativado',
  offBody: 'Você não vai mais receber o resumo por e-mail do que ficou sem ler. Para ativá-lo de novo, use Configurações > Notificações.',
  openApp: 'Abrir o Papo',
} as const;

export const emailDigestUnsubscribeQuerySchema = z.object({
  token: z
    .string(EMAIL_DIGEST_TEXTS.badToken)
    .check(z.minLength(1, EMAIL_DIGEST_TEXTS.badToken), z.maxLength(200, EMAIL_DIGEST_TEXTS.badToken)),
});
export type EmailDigestUnsubscribeQuery = z.infer<typeof emailDigestUnsubscribeQuerySchema>;
