// The HTML part of every mail: one plain page, inline styles (mail clients drop style sheets), and
// every value from a person escaped.

import { escapeHtml } from '../../lib/html';

export { escapeHtml };

export const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('\n');

export function htmlPage(body: string): string {
  return `<!doctype html>
<html lang="pt-BR"><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
${body}
<p style="color: #6b7280; font-size: 12px">Papo: chat da sua equipe</p>
</body></html>`;
}

export const button = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="background: #2563eb; color: #fff; padding: 10px 16px; border-radius: 6px; text-decoration: none">${label}</a></p>`;
