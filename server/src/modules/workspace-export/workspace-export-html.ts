import { escapeHtml } from '../../lib/html';
import { dateFormat, head, link, MESSAGE_TYPE_NAMES, pageEnd, pageStart, ROLE_NAMES, row } from '../exports/export-page';
import type { ExportedConversation, ExportedGroup, ExportedMember, ExportedMessage, ExportedUpload } from './workspace-export-queries';

// The workspace export's index.html: the same data as the JSON files, for a person to read in a
// browser, offline. Everything that came from the database is escaped; the page has no script.
// Each list is read again from the database a page at a time as the page is written.

export interface WorkspacePageSources {
  workspace: { name: string };
  members: () => AsyncIterable<ExportedMember>;
  groups: () => AsyncIterable<ExportedGroup>;
  conversations: () => AsyncIterable<ExportedConversation>;
  messages: () => AsyncIterable<ExportedMessage>;
  uploads: () => AsyncIterable<ExportedUpload>;
  generatedAt: Date;
}

const names = (people: Array<{ name: string }>) => escapeHtml(people.map((p) => p.name).join(', ')) || '—';

export async function* workspacePage(src: WorkspacePageSources): AsyncGenerator<string> {
  const when = dateFormat('America/Sao_Paulo');
  yield pageStart(`Exportação do workspace ${src.workspace.name}`);
  yield `<h1>Exportação do workspace ${escapeHtml(src.workspace.name)}</h1>\n`;
  yield `<p class="muted">Gerada em ${escapeHtml(when(src.generatedAt.toISOString()))} (horário de Brasília). `;
  yield `Os mesmos dados estão nos arquivos JSON ao lado desta página; os arquivos enviados estão na pasta <code>arquivos</code>.</p>\n`;

  yield `<h2>Membros</h2>\n<table>${head(['Nome', 'Apelido', 'E-mail', 'Papel', 'Situação', 'Poligonal', 'Desde'])}<tbody>`;
  for await (const m of src.members())
    yield row([
      escapeHtml(m.name),
      escapeHtml(m.nickName),
      escapeHtml(m.email),
      ROLE_NAMES[m.role] ?? escapeHtml(m.role),
      m.status === 'ativo' ? 'Ativo' : 'Removido',
      escapeHtml(m.polygon ?? '—'),
      when(m.createdAt),
    ]);
  yield `</tbody></table>\n`;

  yield `<h2>Grupos</h2>\n<table>${head(['Nome', 'Descrição', 'Membros', 'Administradores', 'Criado em'])}<tbody>`;
  for await (const g of src.groups())
    yield row([escapeHtml(g.name), escapeHtml(g.description), names(g.members), names(g.admins), when(g.createdAt)]);
  yield `</tbody></table>\n`;

  yield `<h2>Conversas</h2>\n<table>${head(['Participantes', 'Iniciada em'])}<tbody>`;
  for await (const c of src.conversations()) yield row([names(c.participants), when(c.createdAt)]);
  yield `</tbody></table>\n`;

  // One table per chat, in the order the messages come (chat by chat).
  yield `<h2>Mensagens</h2>\n`;
  let chatId: string | null = null;
  let count = 0;
  for await (const m of src.messages()) {
    count++;
    if (m.chat.id !== chatId) {
      if (chatId) yield `</tbody></table>\n`;
      chatId = m.chat.id;
      yield `<h3>${escapeHtml(m.chat.name)}</h3>\n<table>${head(['Data', 'Remetente', 'Tipo', 'Conteúdo', 'Reações'])}<tbody>`;
    }
    const file = m.file ? (m.file.inZip ? link(m.file.inZip, m.file.name ?? m.file.inZip) : escapeHtml(m.file.name ?? m.file.url)) : '';
    const edited = m.editedAt ? ' <span class="muted">(editada)</span>' : '';
    yield row([
      when(m.createdAt),
      escapeHtml(m.botName ?? m.sender.name),
      MESSAGE_TYPE_NAMES[m.type] ?? escapeHtml(m.type),
      [m.text ? escapeHtml(m.text) : '', file].filter(Boolean).join('<br>') + edited,
      escapeHtml(m.reactions.map((r) => `${r.emoji} ${r.by.name}`).join(', ')),
    ]);
  }
  if (chatId) yield `</tbody></table>\n`;
  yield `<p class="muted">${count} mensage${count === 1 ? 'm' : 'ns'}.</p>\n`;

  yield `<h2>Arquivos</h2>\n<table>${head(['Arquivo', 'Enviado por', 'Tipo', 'Tamanho', 'Enviado em'])}<tbody>`;
  for await (const u of src.uploads())
    yield row([
      link(`arquivos/${u.key}`, u.key),
      escapeHtml(u.uploader.name),
      escapeHtml(u.contentType ?? '—'),
      `${Math.ceil(u.sizeBytes / 1024)} KB`,
      when(u.createdAt),
    ]);
  yield `</tbody></table>\n${pageEnd}`;
}
