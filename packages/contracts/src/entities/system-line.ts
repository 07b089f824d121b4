// Read without zod, by a guard of its own: the chat list shows a group's last line on its first
// screen, which would otherwise carry zod (most of that first file's weight) for this one shape.

/**
 * What a group's system line records ('system' messages): who did it, to whom, and the names as
 * they were then, so that a later rename of a person does not rewrite the group's past.
 */
export const SYSTEM_LINE_KINDS = ['created', 'added', 'removed', 'left', 'promoted', 'renamed', 'photo'] as const;
export type SystemLineKind = (typeof SYSTEM_LINE_KINDS)[number];

/** At most this many targets are named in a line; `count` tells how many there were. */
export const SYSTEM_LINE_TARGETS_MAX = 5;

interface Person {
  id: string;
  name: string;
}

export interface SystemLine {
  kind: SystemLineKind;
  actor: Person;
  /** The first few people the act was about (added, removed, promoted). */
  targets: Person[];
  /** How many targets in all (more than those named when many were added at once). */
  count?: number;
  /** 'renamed': the new name. */
  name?: string;
  /** 'promoted': made admin by the rule that a group keeps one (its last admin left), not by a person. */
  automatic?: boolean;
  /** 'photo': the photo was removed, not changed. */
  removed?: boolean;
}

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const personOf = (value: unknown): Person | null =>
  isFields(value) && typeof value.id === 'string' && typeof value.name === 'string' ? { id: value.id, name: value.name } : null;
const OPTIONAL_FIELDS = { count: 'number', name: 'string', automatic: 'boolean', removed: 'boolean' } as const;

/**
 * A system message's body read back, with only the fields a line has; null when it is not one
 * (never thrown: a page draws what it can).
 */
export function parseSystemLine(body: string): SystemLine | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isFields(value) || !(SYSTEM_LINE_KINDS as readonly unknown[]).includes(value.kind)) return null;
  const actor = personOf(value.actor);
  const targets = Array.isArray(value.targets) ? value.targets.map(personOf) : null;
  if (!actor || !targets || targets.some((p) => p === null)) return null;
  const line: SystemLine = { kind: value.kind as SystemLineKind, actor, targets: targets as Person[] };
  for (const [field, type] of Object.entries(OPTIONAL_FIELDS)) {
    const given = value[field];
    if (given === undefined) continue;
    if (typeof given !== type) return null;
    Object.assign(line, { [field]: given });
  }
  return line;
}

/** The line in pt-BR: "Ana adicionou Bruno", "Bruno saiu"; the reader's own name reads 'Você'. */
export function systemLineText(line: SystemLine, meId?: string): string {
  const who = (p: { id: string; name: string }, start: boolean) => (p.id === meId ? (start ? 'Você' : 'você') : p.name);
  const actor = who(line.actor, true);
  const names = line.targets.map((p) => who(p, false));
  const more = (line.count ?? names.length) - names.length;
  const targets = more > 0 ? `${names.join(', ')} e mais ${more}` : joinNames(names);
  switch (line.kind) {
    case 'created':
      return `${actor} criou o grupo`;
    case 'added':
      return `${actor} adicionou ${targets}`;
    case 'removed':
      return `${actor} removeu ${targets}`;
    case 'left':
      return `${actor} saiu`;
    case 'promoted':
      return line.automatic ? `${capitalised(targets)} agora administra o grupo` : `${actor} tornou ${targets} administrador`;
    case 'renamed':
      return `${actor} mudou o nome do grupo para “${line.name ?? ''}”`;
    case 'photo':
      return line.removed ? `${actor} removeu a foto do grupo` : `${actor} mudou a foto do grupo`;
  }
}

/** A system message's text, or '' when its body is unreadable. */
export const systemMessageText = (body: string, meId?: string) => {
  const line = parseSystemLine(body);
  return line ? systemLineText(line, meId) : '';
};

const joinNames = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} e ${names.at(-1)}`);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A line the server wrote in a group: no one's message to count, notify, read or act on. */
export const isSystemMessage = (message: { content: { type: string } }) => message.content.type === 'system';
