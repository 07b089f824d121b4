import type { AuditEntry } from '@chat/contracts';

// One line of what an entry's details say, in Portuguese, for the list (the CSV keeps the JSON).

const FIELD_TEXTS: Record<string, string> = {
  name: 'nome',
  email: 'e-mail',
  nickName: 'apelido',
  password: 'senha',
  neoCustomDataId: 'poligonal',
  description: 'descrição',
  limitOfMembers: 'limite de membros',
  storageQuotaMb: 'cota de armazenamento (MB)',
  groupMemberLimit: 'limite por grupo',
  features: 'funcionalidades',
};

const fieldText = (field: string) => FIELD_TEXTS[field] ?? field;
const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const days = (value: unknown) => (value === 0 ? 'para sempre' : `${str(value)} dias`);

type Change = { from?: unknown; to?: unknown; added?: string[]; removed?: string[] };

function changesText(changes: Record<string, Change>): string {
  return Object.entries(changes)
    .map(([field, change]) =>
      change.added || change.removed
        ? `${fieldText(field)}: ${[...(change.added ?? []).map((f) => `+${f}`), ...(change.removed ?? []).map((f) => `−${f}`)].join(' ')}`
        : `${fieldText(field)}: ${str(change.from)} → ${str(change.to)}`,
    )
    .join('; ');
}

export function describeEntry(entry: AuditEntry): string {
  const d = entry.details;
  switch (entry.action) {
    case 'member.invited':
      return d.emailErased ? 'e-mail apagado com a conta' : str(d.email);
    case 'member.created':
      return d.via === 'invite' ? 'pelo convite' : 'criada pelo administrador';
    case 'member.edited':
      return Array.isArray(d.fields) ? `Campos: ${d.fields.map((f) => fieldText(str(f))).join(', ')}` : '';
    case 'workspace.created':
      return str(d.name);
    case 'workspace.deleted':
      return `${str(d.name)} · ${str(d.items)} itens apagados`;
    case 'member.removed':
      if (!d.dataErased) return '';
      return d.deleteMessages
        ? 'dados excluídos; mensagens e arquivos apagados para todos'
        : 'dados excluídos; mensagens mantidas como "Usuário removido"';
    case 'workspace.updated':
      return d.changes && typeof d.changes === 'object' ? changesText(d.changes as Record<string, Change>) : '';
    case 'workspace.sso_changed':
      return `${d.enabled ? 'Ligada' : 'Desligada'} · ${str(d.slug)}`;
    case 'workspace.retention_changed':
    case 'audit.retention_changed':
      return `${days(d.from)} → ${days(d.to)}`;
    case 'api_key.created':
    case 'api_key.revoked':
      return `…${str(d.preview)}`;
    case 'session.new_device':
      return `${str(d.device)} · ${str(d.browser)}`;
    case 'retention.applied':
      return `${str(d.messages)} mensagens e ${str(d.files)} arquivos com mais de ${str(d.days)} dias`;
    default:
      return '';
  }
}
