import { escapeHtml } from '../../lib/html';
import { dateFormat, head, link, MESSAGE_TYPE_NAMES as TYPE_NAMES, pageEnd, pageStart, ROLE_NAMES, row } from '../exports/export-page';
import type { ExportedMessage, ExportedProfile, ExportedReaction, ExportedSession, ExportedUpload } from './export-queries';

// The export's index.html: the same data as the JSON files, for a person to read in a browser,
// offline, in Portuguese. Everything that came from the database is escaped; the page has no script.

export interface ExportPageSources {
  profile: ExportedProfile;
  sessions: ExportedSession[];
  messages: () => AsyncIterable<ExportedMessage>;
  reactions: () => AsyncIterable<ExportedReaction>;
  uploads: () => AsyncIterable<ExportedUpload>;
  /** The path inside the zip of an uploaded file shown by a message, or null when it is not the person's. */
  fileInZip: (url: string) => string | null;
  generatedAt: Date;
}

/** The page, a piece at a time: the message and reaction tables are read a page of rows at a time. */
export async function* exportPage(src: ExportPageSources): AsyncGenerator<string> {
  const p = src.profile;
  const when = dateFormat(p.notificationSettings?.timeZone ?? 'America/Sao_Paulo');
  yield pageStart(`Meus dados no Papo: ${p.name}`);
  yield `<h1>Meus dados no Papo</h1>\n<p class="muted">Gerado em ${escapeHtml(when(src.generatedAt.toISOString()))}. `;
  yield `Os mesmos dados estão nos arquivos JSON ao lado desta página; os arquivos que você enviou estão na pasta <code>arquivos</code>.</p>\n`;

  yield `<h2>Perfil</h2>\n<dl>`;
  const fields: Array<[string, string]> = [
    ['Nome', p.name],
    ['Apelido', p.nickName],
    ['E-mail', p.email],
    ['Papel', ROLE_NAMES[p.role] ?? p.role],
    ['Workspace', p.workspace?.name ?? '—'],
    ['Poligonal', p.polygon ?? '—'],
    ['Conta criada em', when(p.createdAt)],
    ['Visto por último', when(p.lastSeenAt)],
  ];
  for (const [label, value] of fields) yield `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`;
  yield `</dl>\n`;
  if (p.apiKeys.length > 0) {
    yield `<h3>Chaves de API</h3><table>${head(['Nome', 'Permissão', 'Final', 'Criada em', 'Revogada em'])}<tbody>`;
    for (const k of p.apiKeys)
      yield row([escapeHtml(k.name), escapeHtml(k.permissions), escapeHtml(k.preview), when(k.createdAt), when(k.revokedAt)]);
    yield `</tbody></table>\n`;
  }

  yield `<h2>Sessões</h2>\n<table>${head(['Aparelho', 'Navegador', 'Início', 'Último uso', 'Encerrada em'])}<tbody>`;
  for (const s of src.sessions)
    yield row([escapeHtml(s.device), escapeHtml(s.browser), when(s.createdAt), when(s.lastUsedAt), when(s.endedAt)]);
  yield `</tbody></table>\n`;

  yield `<h2>Mensagens que você escreveu</h2>\n<table>${head(['Data', 'Conversa ou grupo', 'Tipo', 'Conteúdo'])}<tbody>`;
  let count = 0;
  for await (const m of src.messages()) {
    count++;
    const inZip = m.file ? src.fileInZip(m.file.url) : null;
    const file = m.file ? (inZip ? link(inZip, m.file.name ?? inZip) : escapeHtml(m.file.name ?? m.file.url)) : '';
    const text = m.text ? escapeHtml(m.text) : '';
    const edited = m.editedAt ? ' <span class="muted">(editada)</span>' : '';
    yield row([
      when(m.createdAt),
      escapeHtml(m.chat.name),
      TYPE_NAMES[m.type] ?? escapeHtml(m.type),
      [text, file].filter(Boolean).join('<br>') + edited,
    ]);
  }
  yield `</tbody></table>\n<p class="muted">${count} mensage${count === 1 ? 'm' : 'ns'}.</p>\n`;

  yield `<h2>Suas reações</h2>\n<table>${head(['Data', 'Conversa ou grupo', 'Reação'])}<tbody>`;
  for await (const r of src.reactions()) yield row([when(r.createdAt), escapeHtml(r.chat.name), escapeHtml(r.emoji)]);
  yield `</tbody></table>\n`;

  yield `<h2>Arquivos que você enviou</h2>\n<table>${head(['Arquivo', 'Tipo', 'Tamanho', 'Enviado em'])}<tbody>`;
  for await (const u of src.uploads()) {
    yield row([
      link(`arquivos/${u.key}`, u.key),
      escapeHtml(u.contentType ?? '—'),
      `${Math.ceil(u.sizeBytes / 1024)} KB`,
      when(u.createdAt),
    ]);
  }
  yield `</tbody></table>\n${pageEnd}`;
}
