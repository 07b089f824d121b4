import type { RemoteAppProps } from '@chat/contracts';
import { MembersArea } from './features/members/components/members-area';
import { useLiveMembers } from './features/members/hooks/use-live-members';
import { PolygonsSection } from './features/polygons/components/polygons-section';
import { StorageSection } from './features/storage/components/storage-section';
import styles from './team-page.module.css';

/**
 * /auth/team (docs/produto.md, Telas): members, pending invites, with flag polygonal polygons, and
 * the workspace's storage.
 * The features do not know each other; a change in one refetches what the other shows (member
 * badges, polygon member counts) through the query cache (shared/use-team-change.ts).
 */
export function TeamPage({ user, flags, headerSlot }: RemoteAppProps) {
  useLiveMembers();
  const polygonal = flags.includes('polygonal');

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
    </div>
  );
}
