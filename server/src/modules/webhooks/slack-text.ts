// Slack's message text ("mrkdwn") as Papo's message text, for the incoming webhooks that tools
// already know how to send. The emphasis marks are the same in both (*bold*, _italic_,
// ~strike~): they stay. Slack's angle-bracket forms are not Papo's: a link with a label becomes
// "label (url)", since Papo links bare http(s) addresses; a bare <url> becomes the url; special
// mentions and user/channel references become plain text (they name nobody in Papo). Slack
// escapes &, < and > in text; they come back as themselves.

/** Only Slack's own forms: a link, an e-mail, a special mention, a user or channel reference. */
const ANGLE = /<((?:https?:\/\/|mailto:|[!@#])[^<>\s|]*(?:\|[^<>\n]*)?)>/g;

function fromAngle(inner: string): string {
  const [target = '', label] = inner.split('|', 2);
  if (target.startsWith('!')) return `@${(label ?? target.slice(1)).replace(/^@/, '')}`;
  if (target.startsWith('@') || target.startsWith('#')) return label ? `${target[0]}${label.replace(/^[@#]/, '')}` : target;
  const text = label?.trim();
  if (target.startsWith('mailto:')) return text || target.slice('mailto:'.length);
  if (!text || text === target) return target;
  return `${text} (${target})`;
}

const unescape = (text: string) => text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

export function slackToPapoText(text: string): string {
  return unescape(text.replace(ANGLE, (_match, inner: string) => fromAngle(unescape(inner)))).trim();
}
