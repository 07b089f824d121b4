import { lazy, Suspense } from 'react';
import { ScrollText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { AUDIT_TEXTS, type RemoteAppProps } from '@chat/contracts';
import { MembersArea } from './features/members/components/members-area';
import { useLiveMembers } from './features/members/hooks/use-live-members';
import { PolygonsSection } from './features/polygons/components/polygons-section';
import { StorageSection } from './features/storage/components/storage-section';
import styles from './team-page.module.css';

// Below the members: loaded after the page's first screen.
const AdminSettings = lazy(() => import('./admin-settings'));
const SsoSection = lazy(() => import('./features/sso/components/sso-section'));

/**
 * /auth/team (docs/produto.md, Telas): members, pending invites and, with flag polygonal, polygons;
 * then the workspace's storage, its message retention, its export, its sign-in with the company's account
 * when ROOT lets the ADMIN configure it (flag admin_sso) and the way to its activity log. The features do not
 * know each other; a change in one refetches what the other shows (member badges, polygon member
 * counts) through the query cache (shared/use-team-change.ts).
 */
export function TeamPage({ user, flags, headerSlot, basePath }: RemoteAppProps) {
  useLiveMembers();
  const polygonal = flags.includes('polygonal');
  const workspace = user.workspaces?.[0];

  return (
    <div className={styles.page}>
      <MembersArea
        meId={user.id}
        canCreate={flags.includes('create_members')}
        canEdit={flags.includes('edit_members')}
        polygonal={polygonal}
        headerSlot={headerSlot}
      />
      {polygonal && <PolygonsSection />}
      <StorageSection />
      <Suspense fallback={null}>
        <AdminSettings />
        {flags.includes('admin_sso') && workspace && <SsoSection workspace={workspace} />}
      </Suspense>
      <Link to={`${basePath}/atividades`} className={styles.auditLink}>
        <ScrollText size={18} aria-hidden="true" />
        {AUDIT_TEXTS.title}
      </Link>
    </div>
  );
}
