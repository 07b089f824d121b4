import { lazy, Suspense, useState } from 'react';
import type { WorkspaceSummary } from '@chat/contracts';
import { Button, EmptyState, ErrorPanel, PageHeader, Spinner } from '@chat/ui';
import { Plus } from 'lucide-react';
import { useWorkspaceDeletions } from '../hooks/use-workspace-deletion';
import { useWorkspaces } from '../hooks/use-workspaces';
import { CreateWorkspaceModal } from './create-workspace-modal';
import { EditWorkspaceModal } from './edit-workspace-modal';
import { WorkspaceCard } from './workspace-card';
import styles from './workspaces.module.css';

const DeleteWorkspaceModal = lazy(async () => ({ default: (await import('./delete-workspace-modal')).DeleteWorkspaceModal }));

/**
 * /root/workspaces: a card per workspace plus the 'Criar Workspace' card (docs/produto.md, Telas).
 */
export function WorkspacesPage() {
  const { state, retry } = useWorkspaces();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<WorkspaceSummary | null>(null);
  const deletions = useWorkspaceDeletions();
  const [following, setFollowing] = useState<WorkspaceSummary | null>(null);
  // A new key per opening: the edit modal then loads afresh instead of showing the last load.
  const [openings, setOpenings] = useState(0);
  const openEdit = (workspace: WorkspaceSummary) => {
    // A workspace being deleted can no longer be edited: its card shows how far the deletion is.
    if (deletions.has(workspace.id)) return setFollowing(workspace);
    setOpenings((n) => n + 1);
    setEditing(workspace);
  };

  return (
    <div className={styles.page}>
      <PageHeader title="Workspaces" />
      {state.status === 'loading' ? (
        <div className={styles.center}>
          <Spinner size="lg" aria-label="Carregando workspaces" />
        </div>
      ) : state.status === 'error' ? (
        <ErrorPanel
          title="Não foi possível carregar os workspaces."
          description="Verifique sua conexão e tente novamente."
          action={
            <Button width="sm" onClick={retry}>
              Tentar novamente
            </Button>
          }
        />
      ) : (
        <>
          <ul className={styles.grid} aria-label="Workspaces">
            <li className={styles.item}>
              <button type="button" className={`${styles.card} ${styles.create}`} onClick={() => setCreating(true)}>
                <Plus size={28} aria-hidden="true" />
                <span>Criar Workspace</span>
              </button>
            </li>
            {state.workspaces.map((workspace) => (
              <WorkspaceCard key={workspace.id} workspace={workspace} deletion={deletions.get(workspace.id)} onOpen={openEdit} />
            ))}
          </ul>
          {state.workspaces.length === 0 ? (
            <EmptyState text="Nenhum workspace cadastrado ainda. Crie o primeiro para convidar uma equipe." />
          ) : null}
        </>
      )}
      <CreateWorkspaceModal open={creating} onOpenChange={setCreating} />
      <EditWorkspaceModal key={openings} summary={editing} onClose={() => setEditing(null)} />
      {following && (
        <Suspense fallback={null}>
          <DeleteWorkspaceModal
            workspace={following}
            deletionId={deletions.get(following.id)?.id ?? null}
            onClose={() => setFollowing(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
