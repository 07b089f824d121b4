import { Pencil, UserMinus } from 'lucide-react';
import type { User } from '@chat/contracts';
import { Avatar, IconButton } from '@chat/ui';
import styles from './members.module.css';

interface Props {
  member: User;
  isMe: boolean;
  canEdit: boolean;
  onEdit: (member: User) => void;
  onRemove: (member: User) => void;
}

/** One member (a row of the virtual list): avatar, name, @nickName and e-mail, polygon and 'Admin' badges, actions. */
export function MemberRow({ member, isMe, canEdit, onEdit, onRemove }: Props) {
  return (
    <div className={styles.row} role="group" aria-label={member.name}>
      <Avatar name={member.name} colorKey={member.id} src={member.avatarUrl} size="md" />
      <div className={styles.identity}>
        <span className={styles.name}>
          {member.name}
          {isMe && <span className={styles.me}> (você)</span>}
        </span>
        <span className={styles.muted}>
          @{member.nickName} · {member.email}
        </span>
      </div>
      <div className={styles.badges}>
        {member.neoCustomData && <span className={styles.polygon}>{member.neoCustomData.name}</span>}
        {member.role === 'ADMIN' && <span className={styles.admin}>Admin</span>}
      </div>
      <div className={styles.actions}>
        {canEdit && (
          <IconButton aria-label={`Editar ${member.name}`} title="Editar membro" size="sm" variant="ghost" onClick={() => onEdit(member)}>
            <Pencil size={16} aria-hidden="true" />
          </IconButton>
        )}
        {!isMe && (
          <IconButton
            aria-label={`Remover ${member.name}`}
            title="Remover membro"
            size="sm"
            variant="ghost"
            colorType="destructive"
            onClick={() => onRemove(member)}
          >
            <UserMinus size={16} aria-hidden="true" />
          </IconButton>
        )}
      </div>
    </div>
  );
}
