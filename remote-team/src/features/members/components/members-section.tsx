import { useCallback, useState } from 'react';
import type { User, Workspace } from '@chat/contracts';
import { CollapsibleSection, EmptyState, Spinner, VirtualList } from '@chat/ui';
import { useMemberPages } from '../hooks/use-member-pages';
import { MemberRow } from './member-row';
import { MemberSearch } from './member-search';
import styles from './members.module.css';

interface Props {
  workspace: Workspace | null;
  meId: string;
  canEdit: boolean;
  onEdit: (member: User) => void;
  onRemove: (member: User) => void;
}

// The section's height follows the rows loaded up to a cap (the kit's section has a fixed height);
// beyond it the list scrolls and draws only the rows in view. Rows are about 66 px, taller on
// phones where badges wrap: the rows as the list measured them decide, the estimate stands in
// until then, so the last row (and its edit and remove buttons) is never cut. The search and
// paddings take about 90.
const ROW_PX = 74;
const SEARCH_PX = 92;
const MAX_PX = 560;

const number = (n: number) => n.toLocaleString('pt-BR');

/**
 * 'n / limite' when the workspace has a member limit (docs/produto.md, Validação e limites), else
 * 'n membros'.
 */
export const memberCount = (workspace: Workspace) =>
  workspace.limitOfMembers > 0
    ? `${number(workspace.membersCount)} / ${number(workspace.limitOfMembers)}`
    : `${number(workspace.membersCount)} ${workspace.membersCount === 1 ? 'membro' : 'membros'}`;

/**
 * docs/produto.md, Telas, /auth/team: the members page by page as the list scrolls, with a search
 * by name, nickName, e-mail or polygon name run on the server.
 */
export function MembersSection({ workspace, meId, canEdit, onEdit, onRemove }: Props) {
  const [search, setSearch] = useState('');
  const onSearch = useCallback((term: string) => setSearch(term), []);
  const { members, loading, loadMore, loadingMore } = useMemberPages(search);
  const [listPx, setListPx] = useState(0);
  const rowsPx = members.length === 0 ? 1.5 * ROW_PX : listPx || members.length * ROW_PX;
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
    <CollapsibleSection title={title} defaultOpen contentHeight={Math.min(MAX_PX, SEARCH_PX + rowsPx)}>
      <div className={styles.section}>
        <MemberSearch onSearch={onSearch} />
        {loading ? (
          <Spinner size="md" />
        ) : members.length === 0 ? (
          <EmptyState text="Nenhum membro foi encontrado" />
        ) : (
          <VirtualList
            aria-label="Membros"
            className={styles.list}
            items={members}
            getKey={(member) => member.id}
            estimateSize={ROW_PX}
            onEndReached={loadMore}
            onTotalSizeChange={setListPx}
            renderItem={(member) => (
              <MemberRow member={member} isMe={member.id === meId} canEdit={canEdit} onEdit={onEdit} onRemove={onRemove} />
            )}
          />
        )}
        {loadingMore && <Spinner size="sm" aria-label="Carregando mais membros" />}
      </div>
    </CollapsibleSection>
  );
}
