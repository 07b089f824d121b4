import { ShieldMinus, ShieldPlus } from 'lucide-react';
import { ActionMenu, Avatar, EmptyState, Spinner } from '@chat/ui';
import type { MemberView } from '../lib/member-order';
import styles from './details-panel.module.css';

interface Props {
  members: MemberView[];
  loading: boolean;
  /** I am a group admin: each other member gets the admin menu. */
  canManage: boolean;
  onPromote: (userId: string) => void;
  onDemote: (userId: string) => void;
}

export function MemberList({ members, loading, canManage, onPromote, onDemote }: Props) {
  if (loading) return <Spinner size="sm" />;
  if (members.length === 0) return <EmptyState text="Nenhum membro encontrado" />;
  return (
    <ul className={styles.members} aria-label="Membros">
      {members.map(({ member, isMe, isAdmin }) => (
        <li key={member.id} className={styles.member}>
          <Avatar name={member.name} src={member.avatarUrl} size="sm" />
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
              ]}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
