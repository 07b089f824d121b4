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
      <Avatar name={user.name} colorKey={user.id} src={user.avatarUrl} size="sm" />
      <span className={styles.text}>
        <span className={styles.name}>{user.name}</span>
        <span className={styles.nick}>@{user.nickName}</span>
      </span>
    </>
  );
}

/** One user with a checkbox, the whole row its label: the multi-select lists and the member picker. */
export function UserCheckRow({ user, checked, onToggle }: { user: Props['users'][number]; checked: boolean; onToggle: () => void }) {
  return (
    <label className={styles.row}>
      <Checkbox checked={checked} onCheckedChange={onToggle} aria-label={user.name} />
      <UserLine user={user} />
    </label>
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
            <UserCheckRow user={user} checked={selected.has(user.id)} onToggle={() => onToggle?.(user.id)} />
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
