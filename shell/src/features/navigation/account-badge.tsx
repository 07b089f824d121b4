import { Link } from 'react-router-dom';
import type { StoredUser } from '@chat/contracts';
import { Avatar } from '@chat/ui';
import styles from './account-badge.module.css';

/**
 * Who is signed in, and to which workspace, at the end of the top bar: the workspace's name and
 * the person's avatar and name, a link to their settings. On phones only the avatar stays.
 */
export function AccountBadge({ user, settingsPath }: { user: StoredUser; settingsPath: string }) {
  const workspace = user.workspaces?.[0]?.name;
  return (
    <div className={styles.badge}>
      {workspace && <span className={styles.workspace}>{workspace}</span>}
      <Link to={settingsPath} className={styles.person} title="Seu perfil" aria-label={`Você: ${user.name}`}>
        <Avatar name={user.name} colorKey={user.id} src={user.avatarUrl} size="sm" aria-hidden="true" />
        <span className={styles.name}>{user.name}</span>
      </Link>
    </div>
  );
}
