import { LIMITS, WEBHOOK_NAME_MAX, WEBHOOK_PAYLOAD_ERRORS as E } from '@chat/contracts';
import { badRequest } from '../../lib/errors';
import { slackToPapoText } from './slack-text';

/** What a payload asks to post: the text in Papo's formatting, and the overrides it carries. */
export interface IncomingPost {
  text: string;
  name?: string;
  avatarUrl?: string;
  clientId?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function optionalString(value: unknown, message: string, check: (v: string) => boolean): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !check(value.trim())) throw badRequest(message);
  return value.trim();
}

/** An icon's address: the server fetches it (webhook-icons.ts), through the same address checks as outgoing webhooks. */
const isHttpUrl = (value: string) => {
  try {
    return value.length <= 2000 && ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const nameOk = (v: string) => v.length >= 1 && v.length <= WEBHOOK_NAME_MAX;

/** Slack's attachments, for a payload without text: each one's fallback (or its pretext, title and text). */
function attachmentsText(attachments: unknown): string {
  if (!Array.isArray(attachments)) return '';
  return attachments
    .filter(isRecord)
    .map((a) => {
      if (typeof a.fallback === 'string' && a.fallback.trim()) return a.fallback;
      return [a.pretext, a.title, a.text].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n');
    })
    .filter(Boolean)
    .join('\n');
}

function checkedText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw badRequest(E.empty);
  if ([...trimmed].length > LIMITS.messageMaxLength) throw badRequest(E.tooLong);
  return trimmed;
}

/**
 * Reads a webhook's payload: Papo's own form when it has `body`, else Slack's (`text`, or its
 * attachments' texts). Every refusal is a 400 with what to fix.
 */
export function parseIncomingPayload(payload: unknown): IncomingPost {
  if (!isRecord(payload)) throw badRequest(E.notObject);
  if (payload.body !== undefined) {
    if (typeof payload.body !== 'string') throw badRequest(E.notString);
    return {
      text: checkedText(payload.body),
      name: optionalString(payload.name, E.name, nameOk),
      avatarUrl: optionalString(payload.avatarUrl, E.avatar, isHttpUrl),
      clientId: optionalString(payload.clientId, E.clientId, (v) => v.length >= 1 && v.length <= 100),
    };
  }
  if (payload.text !== undefined && typeof payload.text !== 'string') throw badRequest(E.notString);
  const raw = typeof payload.text === 'string' && payload.text.trim() ? payload.text : attachmentsText(payload.attachments);
  if (!raw.trim()) throw badRequest(payload.text === undefined && payload.attachments === undefined ? E.noText : E.empty);
  return {
    text: checkedText(slackToPapoText(raw)),
    name: optionalString(payload.username, E.name, nameOk),
    avatarUrl: optionalString(payload.icon_url, E.avatar, isHttpUrl),
  };
}
