import { useState } from 'react';
import type { User, Workspace } from '@chat/contracts';
import { CollapsibleSection, EmptyState, SearchInput, Spinner } from '@chat/ui';
import { filterMembers } from '../lib/filter-members';
import { MemberRow } from './member-row';
import styles from './members.module.css';

interface Props {
  workspace: Workspace | null;
  loading: boolean;
  meId: string;
  canEdit: boolean;
  onEdit: (member: User) => void;
  onRemove: (member: User) => void;
}

// Section heights follow their content up to a cap (the kit's section has a fixed height).
// Rows are about 66 px (taller on phones, where badges wrap); the search and paddings about 100.
const ROW_PX = 74;
const SEARCH_PX = 112;
const MAX_PX = 560;

/**
 * 'n / limite' when the workspace has a member limit (docs/produto.md, Validação e limites), else
 * just n.
 */
export const memberCount = (workspace: Workspace) =>
  workspace.limitOfMembers > 0 ? `${workspace.membersCount} / ${workspace.limitOfMembers}` : `${workspace.membersCount}`;

/**
 * docs/produto.md, Telas, /auth/team: the members with a search by name, nickName or polygon name.
 */
export function MembersSection({ workspace, loading, meId, canEdit, onEdit, onRemove }: Props) {
  const [search, setSearch] = useState('');
  const members = filterMembers(workspace?.members ?? [], search);
  const title = (
    <span className={styles.sectionTitle}>
      Membros
      {workspace && (
        <span className={styles.count} aria-label="Membros / limite">
          {memberCount(workspace)}
        </span>
      )}
    </span>
  );

  return (
    <CollapsibleSection title={title} defaultOpen contentHeight={Math.min(MAX_PX, SEARCH_PX + Math.max(members.length, 1.5) * ROW_PX)}>
      <div className={styles.section}>
        <SearchInput value={search} onChange={setSearch} placeholder="Buscar membro ou poligonal" aria-label="Buscar membro" />
        {loading ? (
          <Spinner size="md" />
        ) : members.length === 0 ? (
          <EmptyState text="Nenhum membro foi encontrado" />
        ) : (
          <ul className={styles.list} aria-label="Membros">
            {members.map((member) => (
              <MemberRow key={member.id} member={member} isMe={member.id === meId} canEdit={canEdit} onEdit={onEdit} onRemove={onRemove} />
            ))}
          </ul>
        )}
      </div>
    </CollapsibleSection>
  );
}
