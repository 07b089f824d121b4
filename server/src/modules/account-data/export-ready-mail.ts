import { DATA_EXPORT_TTL_HOURS } from '@chat/contracts';
import { escapeHtml } from '../../lib/html';
import type { Mail } from '../mail/mail';
import { button, htmlPage, paragraphs } from '../mail/html';
import { formatDate } from '../mail/templates';

/** 'Seus dados estão prontos': the link opens Configurações > Meus dados, which downloads with the person's session. */
export function exportReadyMail(input: { to: string; name: string; link: string; expiresAt: Date }): Mail {
  const { to, name, link, expiresAt } = input;
  return {
    to,
    link,
    subject: 'Seus dados do Papo estão prontos',
    text: [
      `Olá, ${name}!`,
      '',
      'O arquivo com os seus dados no Papo está pronto. Para baixá-lo, abra o link abaixo e entre na sua conta:',
      '',
      link,
      '',
      `O arquivo fica disponível por ${DATA_EXPORT_TTL_HOURS} horas, até ${formatDate(expiresAt)}.`,
      'Se você não pediu os seus dados, troque a sua senha: alguém pode ter entrado na sua conta.',
      '',
    ].join('\n'),
    html: htmlPage(
      paragraphs(`Olá, ${escapeHtml(name)}!`, 'O arquivo com os seus dados no Papo está pronto. Para baixá-lo, entre na sua conta:') +
        button(link, 'Baixar meus dados') +
        paragraphs(
          `O arquivo fica disponível por ${DATA_EXPORT_TTL_HOURS} horas, até ${escapeHtml(formatDate(expiresAt))}.`,
          'Se você não pediu os seus dados, troque a sua senha: alguém pode ter entrado na sua conta.',
        ),
    ),
  };
}
