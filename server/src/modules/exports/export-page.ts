import { escapeHtml } from '../../lib/html';

// The building blocks of an export's index.html: a page to read offline in a browser, in
// Portuguese, with no script; every value that came from the database is escaped by the caller
// or by link().

/** Dates as a person in Brazil reads them, on their own clock when known. */
export const dateFormat = (timeZone: string) => {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone });
  } catch {
    format = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });
  }
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : '—');
};

export const ROLE_NAMES: Record<string, string> = { ROOT: 'Super-usuário (ROOT)', ADMIN: 'Administrador', USER: 'Membro' };
export const MESSAGE_TYPE_NAMES: Record<string, string> = {
  text: 'Texto',
  image: 'Imagem',
  file: 'Arquivo',
  audio: 'Mensagem de voz',
  system: 'Aviso do grupo',
};

/** A table row of cells already escaped. */
export const row = (cells: string[]) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>\n`;
export const head = (cells: string[]) => `<thead><tr>${cells.map((c) => `<th>${c}</th>`).join('')}</tr></thead>\n`;
export const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

const STYLE = `body{font-family:system-ui,Arial,sans-serif;color:#1f2937;margin:2rem auto;max-width:960px;padding:0 1rem;line-height:1.5}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #e5e7eb}
table{border-collapse:collapse;width:100%;font-size:.9rem}td,th{border:1px solid #e5e7eb;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f4f6}dt{font-weight:600}dd{margin:0 0 .5rem}.muted{color:#6b7280}`;

/** The page's start up to its <body>, with its title (escaped here). */
export const pageStart = (title: string) =>
  `<!doctype html>\n<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>\n`;

export const pageEnd = '</body></html>\n';
