import { useCallback, useEffect, useState } from 'react';
import { format } from 'date-fns';
import { getMessageReceipts } from '@chat/api-client';
import type { MessageReceipts } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { Avatar, Modal, Spinner } from '@chat/ui';
import { notifyError } from '../../../shared/notify-error';
import { ACTION_TEXTS } from '../lib/action-texts';
import styles from './receipts-modal.module.css';

interface Props {
  messageId: string;
  groupId: string;
  onClose: () => void;
}

type Entry = MessageReceipts['readBy'][number];

function People({ title, entries }: { title: string; entries: Entry[] }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.title}>{title}</h3>
      {entries.length === 0 ? (
        <p className={styles.empty}>{ACTION_TEXTS.nobodyYet}</p>
      ) : (
        <ul className={styles.list}>
          {entries.map((e) => (
            <li key={e.user.id} className={styles.person}>
              <Avatar name={e.user.name} src={e.user.avatarUrl} size="sm" />
              <span className={styles.name}>{e.user.name}</span>
              <time className={styles.time} dateTime={e.at}>
                {format(new Date(e.at), 'dd/MM HH:mm')}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Informações' of my group message (issue 15): 'Lida por' and 'Entregue a', following each receipt live. */
export function ReceiptsModal({ messageId, groupId, onClose }: Props) {
  const [receipts, setReceipts] = useState<MessageReceipts | null>(null);
  const load = useCallback(
    () =>
      getMessageReceipts(messageId).then(
        ({ data }) => setReceipts(data),
        (error: unknown) => notifyError(error, ACTION_TEXTS.failed.receipts),
      ),
    [messageId],
  );

  useEffect(() => {
    void load();
    return subscribe(eventBus, 'message:receipt', (receipt) => {
      if (receipt.groupId === groupId && receipt.messageIds.includes(messageId)) void load();
    });
  }, [load, groupId, messageId]);

  return (
    <Modal title={ACTION_TEXTS.info} open onOpenChange={(open) => !open && onClose()} maxWidth="sm">
      {receipts ? (
        <div className={styles.body}>
          <People title={ACTION_TEXTS.readBy} entries={receipts.readBy} />
          <People title={ACTION_TEXTS.deliveredTo} entries={receipts.deliveredTo} />
        </div>
      ) : (
        <Spinner size="md" />
      )}
    </Modal>
  );
}
