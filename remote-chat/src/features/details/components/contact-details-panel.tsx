import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { getCommonGroups } from '@chat/api-client';
import { ERROR_TEXTS, type Group, type User } from '@chat/contracts';
import { Avatar, EmptyState, notify, Spinner } from '@chat/ui';
import { chatPath } from '../../../shared/chat-types';
import { SidePanel } from '../../../shared/components/side-panel';
import { DetailsTabs } from './details-tabs';
import { chatKeys, liveQuery } from '../../../shared/query-keys';
import styles from './details-panel.module.css';

interface Props {
  user: User;
  basePath: string;
  /** The conversation: its 'Mídia' and 'Arquivos'. */
  conversationId: string;
  onClose?: () => void;
  /** Opens the chat at a message ('Mídia' and 'Arquivos'). */
  onOpenMessage: (messageId: string) => void;
}

/**
 * 'Detalhes do contato' with 'Grupos em comum' linking to the group chats (docs/produto.md, Telas),
 * and the conversation's 'Mídia' and 'Arquivos'.
 */
export function ContactDetailsPanel({ user, basePath, conversationId, onClose, onOpenMessage }: Props) {
  const { data: common = null } = useQuery({
    ...liveQuery,
    queryKey: chatKeys.commonGroups(user.id),
    queryFn: async (): Promise<Group[]> => {
      try {
        return (await getCommonGroups(user.id)).data;
      } catch (error) {
        notify.error(error, ERROR_TEXTS.user.commonGroups);
        return [];
      }
    },
  });

  return (
    <SidePanel title="Detalhes do contato" onClose={onClose}>
      <div className={styles.identity}>
        <Avatar name={user.name} colorKey={user.id} src={user.avatarUrl} size="xl" />
        <span className={styles.name}>{user.name}</span>
        <span className={styles.muted}>@{user.nickName}</span>
        <span className={styles.muted}>{user.email}</span>
      </div>
      <DetailsTabs
        chat="conversation"
        chatId={conversationId}
        onOpenMessage={onOpenMessage}
        first={{
          label: 'Grupos em comum',
          content:
            common === null ? (
              <Spinner size="sm" />
            ) : common.length === 0 ? (
              <EmptyState text="Nenhum grupo em comum" />
            ) : (
              <ul className={styles.members}>
                {common.map((group) => (
                  <li key={group.id}>
                    <Link className={styles.groupLink} to={chatPath(basePath, group.id, 'group')}>
                      <Avatar name={group.name} colorKey={group.id} src={group.avatarUrl} size="sm" />
                      <span className={styles.memberName}>{group.name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ),
        }}
      />
    </SidePanel>
  );
}
