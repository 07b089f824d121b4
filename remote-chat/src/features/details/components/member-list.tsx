import { ShieldMinus, ShieldPlus, UserMinus } from 'lucide-react';
import type { GroupMember } from '@chat/contracts';
import { ActionMenu, Avatar, EmptyState, Spinner, VirtualList } from '@chat/ui';
import styles from './details-panel.module.css';

interface Props {
  /** In the server's order: 'Você', admins, then by name. */
  members: GroupMember[];
  meId: string;
  loading: boolean;
  /** I am a group admin: each other member gets the admin menu. */
  canManage: boolean;
  onPromote: (userId: string) => void;
  onDemote: (userId: string) => void;
  /** 'Remover do grupo' (the caller asks first). */
  onRemove: (member: GroupMember) => void;
  onEndReached: () => void;
  /** The search shown: another one draws a new list, from its top. */
  term: string;
}

const ROW_HEIGHT = 52;

/** The members of the details panel: only the rows in view are drawn, the next page loads at the end. */
export function MemberList({ members, meId, loading, canManage, onPromote, onDemote, onRemove, onEndReached, term }: Props) {
  if (members.length === 0) return loading ? <Spinner size="sm" /> : <EmptyState text="Nenhum membro encontrado" />;
  return (
    <VirtualList
      key={term}
      aria-label="Membros"
      className={styles.memberList}
      items={members}
      getKey={(m) => m.id}
      estimateSize={ROW_HEIGHT}
      onEndReached={onEndReached}
      renderItem={(member) => {
        const isMe = member.id === meId;
        const isAdmin = member.isAdmin === true;
        return (
          <div className={styles.member}>
            <Avatar name={member.name} colorKey={member.id} src={member.avatarUrl} size="sm" />
            <span className={styles.memberText}>
              <span className={styles.memberName}>{isMe ? 'Você' : member.name}</span>
              <span className={styles.muted}>@{member.nickName}</span>
            </span>
            {isAdmin && <span className={styles.badge}>Admin</span>}
            {canManage && !isMe && (
              <ActionMenu
                aria-label={`Ações para ${member.name}`}
                options={[
                  isAdmin
                    ? { label: 'Remover admin', icon: <ShieldMinus size={14} />, action: () => onDemote(member.id) }
                    : { label: 'Adicionar como admin', icon: <ShieldPlus size={14} />, action: () => onPromote(member.id) },
                  { label: 'Remover do grupo', icon: <UserMinus size={14} />, destructive: true, action: () => onRemove(member) },
                ]}
              />
            )}
          </div>
        );
      }}
    />
  );
}
