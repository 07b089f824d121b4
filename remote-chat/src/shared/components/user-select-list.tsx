import type { ReactNode } from 'react';
import type { User } from '@chat/contracts';
import { Avatar, Checkbox, EmptyState, Spinner } from '@chat/ui';
import styles from './user-select-list.module.css';

interface Props {
  users: Pick<User, 'id' | 'name' | 'nickName' | 'avatarUrl'>[];
  loading?: boolean;
  emptyText: string;
  /** With a selection: a multi-select list of checkboxes. Without: each user is a button. */
  selected?: ReadonlySet<string>;
  onToggle?: (userId: string) => void;
  onPick?: (userId: string) => void;
}

function UserLine({ user }: { user: Props['users'][number] }): ReactNode {
  return (
    <>
      <Avatar name={user.name} src={user.avatarUrl} size="sm" />
      <span className={styles.text}>
        <span className={styles.name}>{user.name}</span>
        <span className={styles.nick}>@{user.nickName}</span>
      </span>
    </>
  );
}

export function UserSelectList({ users, loading, emptyText, selected, onToggle, onPick }: Props) {
  if (loading && users.length === 0) return <Spinner size="sm" />;
  if (users.length === 0) return <EmptyState text={emptyText} />;
  return (
    <ul className={styles.list}>
      {users.map((user) => (
        <li key={user.id}>
          {selected ? (
            <label className={styles.row}>
              <Checkbox checked={selected.has(user.id)} onCheckedChange={() => onToggle?.(user.id)} aria-label={user.name} />
              <UserLine user={user} />
            </label>
          ) : (
            <button type="button" className={styles.row} onClick={() => onPick?.(user.id)}>
              <UserLine user={user} />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
