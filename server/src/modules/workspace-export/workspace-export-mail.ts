import { DATA_EXPORT_TTL_HOURS } from '@chat/contracts';
import { escapeHtml } from '../../lib/html';
import type { Mail } from '../mail/mail';
import { button, htmlPage, paragraphs } from '../mail/html';
import { formatDate } from '../mail/templates';

/** 'A exportação está pronta': the link opens the team page, which downloads with an ADMIN's session. */
export function workspaceExportMail(input: { to: string; name: string; workspace: string; link: string; expiresAt: Date }): Mail {
  const { to, name, workspace, link, expiresAt } = input;
  const until = `O arquivo fica disponível por ${DATA_EXPORT_TTL_HOURS} horas, até ${formatDate(expiresAt)}, para os administradores do workspace.`;
  return {
    to,
    link,
    subject: `A exportação do workspace ${workspace} está pronta`,
    text: [
      `Olá, ${name}!`,
      '',
      `A exportação do workspace ${workspace} no Papo está pronta. Para baixá-la, abra o link abaixo e entre com uma conta de administrador:`,
      '',
      link,
      '',
      until,
      '',
    ].join('\n'),
    html: htmlPage(
      paragraphs(
        `Olá, ${escapeHtml(name)}!`,
        `A exportação do workspace ${escapeHtml(workspace)} no Papo está pronta. Para baixá-la, entre com uma conta de administrador:`,
      ) +
        button(link, 'Baixar a exportação') +
        paragraphs(escapeHtml(until)),
    ),
  };
}
