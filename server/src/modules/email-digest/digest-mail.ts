import { previewLine } from '@chat/contracts';
import { button, escapeHtml, htmlPage, paragraphs } from '../mail/html';
import type { Mail } from '../mail/mail';

/** A preview is a line of the mail, not the message. */
const PREVIEW_MAX = 140;

export interface DigestChat {
  name: string;
  isGroup: boolean;
  /** Unread messages of the chat in this digest (more than the previews shown, sometimes). */
  count: number;
  /** The newest few, oldest first. */
  previews: Array<{
    authorName: string;
    at: Date;
    content: { type: string; body: string; caption: string | null; fileName: string | null; durationMs: number | null };
  }>;
  /** Opens the chat in the app. */
  link: string;
}

export interface DigestMailInput {
  to: string;
  name: string;
  chats: DigestChat[];
  /** Mentions as names in the previews, by lower-case user id. */
  names: ReadonlyMap<string, string>;
  /** The person's clock: the previews' times. */
  timeZone: string;
  openLink: string;
  unsubscribeLink: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const clip = (text: string) => (text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text);

function lineOf(chat: DigestChat, preview: DigestChat['previews'][number], input: DigestMailInput) {
  const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: input.timeZone }).format(preview.at);
  const { content } = preview;
  const text = clip(
    previewLine(
      {
        type: content.type,
        body: content.body,
        caption: content.caption,
        fileName: content.fileName ?? undefined,
        durationMs: content.durationMs ?? undefined,
      },
      input.names,
    ),
  );
  return { time, who: chat.isGroup ? preview.authorName : null, text };
}

/**
 * What someone missed while away, in Portuguese: per chat its name, how many unread messages, the
 * newest few and a link that opens it; a link to the app; and one that turns the digests off
 * without signing in (also as List-Unsubscribe, which mail clients show as a button).
 */
export function digestMail(input: DigestMailInput): Mail {
  const { to, name, chats, openLink, unsubscribeLink } = input;
  const total = chats.reduce((sum, chat) => sum + chat.count, 0);
  const missed = plural(total, 'mensagem sem ler', 'mensagens sem ler');
  const text: string[] = [`Olá, ${name}!`, '', `Enquanto você esteve fora, ficaram ${missed} no Papo:`, ''];
  const html: string[] = [
    paragraphs(`Olá, ${escapeHtml(name)}!`, `Enquanto você esteve fora, ficaram <strong>${missed}</strong> no Papo:`),
  ];
  for (const chat of chats) {
    const count = plural(chat.count, 'mensagem', 'mensagens');
    text.push(`${chat.name} (${count})`);
    const items: string[] = [];
    for (const preview of chat.previews) {
      const line = lineOf(chat, preview, input);
      text.push(`  ${line.time} ${line.who ? `${line.who}: ` : ''}${line.text}`);
      items.push(
        `<li><span style="color: #6b7280">${line.time}</span> ${line.who ? `<strong>${escapeHtml(line.who)}:</strong> ` : ''}${escapeHtml(line.text)}</li>`,
      );
    }
    text.push('  Abrir a conversa:', `  ${chat.link}`, '');
    html.push(
      `<h3 style="margin: 16px 0 4px; font-size: 16px"><a href="${escapeHtml(chat.link)}" style="color: #1f2937">${escapeHtml(chat.name)}</a> <span style="color: #6b7280; font-weight: normal">(${count})</span></h3>`,
      `<ul style="margin: 0; padding-left: 20px">${items.join('')}</ul>`,
    );
  }
  text.push(
    'Abrir o Papo:',
    openLink,
    '',
    'Para não receber mais este resumo, abra o link abaixo (ou desligue-o em Configurações > Notificações):',
    unsubscribeLink,
    '',
  );
  html.push(
    button(openLink, 'Abrir o Papo'),
    `<p style="color: #6b7280; font-size: 12px">Não quer mais receber este resumo? <a href="${escapeHtml(unsubscribeLink)}">Desativar o resumo por e-mail</a> (ou desligue-o em Configurações &gt; Notificações).</p>`,
  );
  return {
    to,
    link: openLink,
    subject: `Você tem ${missed} no Papo`,
    text: text.join('\n'),
    html: htmlPage(html.join('\n')),
    headers: { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
