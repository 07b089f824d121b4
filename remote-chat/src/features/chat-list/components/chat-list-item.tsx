import { BellOff } from 'lucide-react';
import { Avatar } from '@chat/ui';
import type { ChatEntry } from '../lib/chat-entries';
import { DraftPreview, useDraftPreview } from './draft-preview';
import styles from './chat-sidebar.module.css';

interface Props {
  meId: string;
  entry: ChatEntry;
  active: boolean;
  onOpen: (entry: ChatEntry) => void;
}

export function ChatListItem({ meId, entry, active, onOpen }: Props) {
  // The open chat's box shows its draft itself.
  const draft = useDraftPreview(meId, entry.kind, entry.id);
  return (
    <button
      type="button"
      className={styles.item}
      data-active={active ? '' : undefined}
      data-unread={entry.unread > 0 ? '' : undefined}
      aria-current={active ? 'true' : undefined}
      onClick={() => onOpen(entry)}
    >
      <Avatar name={entry.name} colorKey={entry.colorKey} src={entry.avatarUrl} size="md" />
      <span className={styles.itemText}>
        <span className={styles.itemTop}>
          <span className={styles.itemName}>{entry.name}</span>
          <span className={styles.itemTime}>{entry.time}</span>
        </span>
        <span className={styles.itemBottom}>
          {draft && !active ? <DraftPreview text={draft} /> : <span className={styles.itemPreview}>{entry.preview}</span>}
          {entry.muted && <BellOff size={14} className={styles.mutedIcon} aria-label="Silenciada" />}
          {entry.mentions > 0 && (
            <span className={styles.mention} aria-label={`${entry.mentions} menções a você`}>
              @
            </span>
          )}
          {entry.unread > 0 && (
            <span className={styles.unread} aria-label={entry.unread > 99 ? 'Mais de 99 não lidas' : `${entry.unread} não lidas`}>
              {entry.unread > 99 ? '99+' : entry.unread}
            </span>
          )}
        </span>
      </span>
    </button>
  );
}
