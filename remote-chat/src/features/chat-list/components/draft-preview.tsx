import { DRAFT_TEXTS } from '@chat/contracts';
import { draftKey } from '@chat/outbox';
import type { ChatKind } from '../../../shared/chat-types';
import { plainText } from '../../../shared/format-text';
import { useDrafts } from '../../../shared/local-data';
import styles from './chat-sidebar.module.css';

/** The draft of a chat, as the list shows it in place of the last message; null when none. */
export function useDraftPreview(meId: string, kind: ChatKind, chatId: string): string | null {
  const draft = useDrafts(meId).get(draftKey(kind, chatId));
  const text = draft ? plainText(draft.text).trim() : '';
  return text || null;
}

/** 'Rascunho: ...': the label in the danger colour, as other chat apps mark a draft. */
export function DraftPreview({ text }: { text: string }) {
  return (
    <span className={styles.itemPreview} data-draft="">
      <span className={styles.draftLabel}>{DRAFT_TEXTS.label}</span> {text}
    </span>
  );
}
