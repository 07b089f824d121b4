import { useState } from 'react';
import type { RemoteAppProps } from '@chat/contracts';
import { MembersArea } from './features/members/components/members-area';
import { PolygonsSection } from './features/polygons/components/polygons-section';
import styles from './team-page.module.css';

/**
 * /auth/team (docs/produto.md, Telas): members, pending invites and, with flag polygonal, polygons.
 * The two features do not know each other; the page refetches one when the other changes something
 * it shows (member badges, polygon member counts).
 */
export function TeamPage({ user, flags, headerSlot }: RemoteAppProps) {
  const [membersVersion, setMembersVersion] = useState(0);
  const [polygonsVersion, setPolygonsVersion] = useState(0);
  const polygonal = flags.includes('polygonal');

  return (
    <div className={styles.page}>
      <MembersArea
        meId={user.id}
        canCreate={flags.includes('create_members')}
        canEdit={flags.includes('edit_members')}
        polygonal={polygonal}
        headerSlot={headerSlot}
        reloadKey={membersVersion}
        onChanged={() => setPolygonsVersion((v) => v + 1)}
      />
      {polygonal && <PolygonsSection reloadKey={polygonsVersion} onChanged={() => setMembersVersion((v) => v + 1)} />}
    </div>
  );
}
