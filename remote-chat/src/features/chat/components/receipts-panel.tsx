import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { getMessageReceipts } from '@chat/api-client';
import type { MessageReceipts } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { Avatar, notify, Spinner } from '@chat/ui';
import { SidePanel } from '../../../shared/components/side-panel';
import { chatKeys, liveQuery } from '../../../shared/query-keys';
import { ACTION_TEXTS } from '../lib/action-texts';
import { ReadCoalescer } from '../lib/read-coalescer';
import styles from './receipts-panel.module.css';

interface Props {
  messageId: string;
  groupId: string;
  onClose: () => void;
}

type Entry = MessageReceipts['readBy'][number];

const RELOAD_WINDOW_MS = 1000;

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
              <Avatar name={e.user.name} colorKey={e.user.id} src={e.user.avatarUrl} size="sm" />
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

/**
 * 'Informações' of my group message: 'Lida por' and 'Entregue a' in the chat's side
 * panel (a sheet on phones), read again (at most once a second) whenever a receipt of the group
 * arrives (someone had it delivered or read it, or it turned read by everyone), or the group's
 * members change (someone left: they drop from the lists).
 * The message deleted closes it.
 */
export function ReceiptsPanel({ messageId, groupId, onClose }: Props) {
  const queryClient = useQueryClient();
  const { data: receipts } = useQuery({
    ...liveQuery,
    queryKey: chatKeys.receipts(messageId),
    queryFn: async () => {
      try {
        return (await getMessageReceipts(messageId)).data;
      } catch (error) {
        notify.error(error, ACTION_TEXTS.failed.receipts);
        throw error;
      }
    },
    refetchOnMount: 'always',
  });
  // The close callback changes with the page's history entry; the subscriptions need not.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const load = () => void queryClient.invalidateQueries({ queryKey: chatKeys.receipts(messageId) });
    // Receipts name who moved, not which messages: any of the group's may change the lists. The
    // server sends at most one a second per author; this keeps the reads at that pace whatever comes.
    const reload = new ReadCoalescer(load, RELOAD_WINDOW_MS);
    const offs = [
      subscribe(eventBus, 'message:receipt', (receipt) => {
        if (receipt.groupId === groupId) reload.read(groupId, messageId);
      }),
      subscribe(eventBus, 'group::updated', (group) => {
        if (group.id === groupId) load();
      }),
      subscribe(eventBus, 'message:deleted', (message) => {
        if (message.id === messageId) closeRef.current();
      }),
    ];
    return () => {
      offs.forEach((off) => off());
      reload.dispose();
    };
  }, [queryClient, groupId, messageId]);

  return (
    <SidePanel title={ACTION_TEXTS.info} onClose={onClose} alwaysClosable>
      {receipts?.messageId === messageId ? (
        <div className={styles.body}>
          <People title={ACTION_TEXTS.readBy} entries={receipts.readBy} />
          <People title={ACTION_TEXTS.deliveredTo} entries={receipts.deliveredTo} />
        </div>
      ) : (
        <Spinner size="md" />
      )}
    </SidePanel>
  );
}
