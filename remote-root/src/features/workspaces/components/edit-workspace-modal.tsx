import { LIMITS, SUCCESS_TEXTS, WORKSPACE_DELETION_TEXTS, type WorkspaceEditFormValues, type WorkspaceSummary } from '@chat/contracts';
import { lazy, Suspense, useState } from 'react';
import { Button, Modal, notify, Spinner } from '@chat/ui';
import { useWorkspace } from '../hooks/use-workspace';
import { useSaveWorkspaceEdit } from '../hooks/use-workspaces';
import { memberCountText } from '../lib/member-count';
import { WorkspaceForm } from './workspace-form';
import styles from './workspaces.module.css';

// The provider's form loads when it is opened: most visits to the page never open it.
const SsoModal = lazy(async () => ({ default: (await import('./sso-modal')).SsoModal }));
// So does the deletion's dialog, opened from the danger zone at the modal's end.
const DeleteWorkspaceModal = lazy(async () => ({ default: (await import('./delete-workspace-modal')).DeleteWorkspaceModal }));

interface Props {
  /** The card clicked; null when closed. */
  summary: WorkspaceSummary | null;
  onClose: () => void;
}

/**
 * Opened by a workspace card: loads the workspace, then edits it in the order docs/produto.md,
 * Telas gives (change-admin first).
 */
export function EditWorkspaceModal({ summary, onClose }: Props) {
  const { workspace, failed } = useWorkspace(summary?.id ?? null);
  const { mutateAsync: saveEdit } = useSaveWorkspaceEdit();
  const [ssoOpen, setSsoOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const save = async (values: WorkspaceEditFormValues) => {
    if (!workspace) return;
    if ((await saveEdit({ workspace, values })) !== 'saved') return;
    notify.success(SUCCESS_TEXTS.workspace.updated);
    onClose();
  };

  return (
    <>
      <Modal
        title="Editar Workspace"
        description={workspace ? memberCountText(workspace) : undefined}
        open={summary !== null}
        onOpenChange={(open) => !open && onClose()}
        maxWidth="md"
      >
        {workspace ? (
          <>
            <WorkspaceForm
              key={workspace.id}
              mode="edit"
              submitLabel="Salvar"
              onSubmit={save}
              storageUsedBytes={workspace.storageUsedBytes}
              defaultValues={{
                name: workspace.name,
                description: workspace.description,
                adminName: workspace.admin?.name ?? '',
                adminEmail: workspace.admin?.email ?? '',
                limitOfMembers: workspace.limitOfMembers,
                // A limit set above the form's range opens with its box checked: saving keeps it.
                extendedLimit: workspace.limitOfMembers > LIMITS.workspaceMemberLimitMax,
                storageQuotaMb: workspace.storageQuotaMb,
                features: workspace.features,
              }}
            />
            <Button type="button" variant="outline" className={styles.ssoButton} onClick={() => setSsoOpen(true)}>
              Entrada pela conta da empresa
            </Button>
            <section className={styles.danger} aria-labelledby="workspace-danger-title">
              <h3 id="workspace-danger-title" className={styles.dangerTitle}>
                {WORKSPACE_DELETION_TEXTS.dangerTitle}
              </h3>
              <p className={styles.dangerText}>{WORKSPACE_DELETION_TEXTS.dangerDescription}</p>
              <Button
                type="button"
                colorType="destructive"
                variant="outline"
                className={styles.dangerButton}
                onClick={() => setDeleteOpen(true)}
              >
                {WORKSPACE_DELETION_TEXTS.deleteButton}
              </Button>
            </section>
          </>
        ) : failed ? (
          <p className={styles.modalMessage}>Não foi possível carregar o workspace.</p>
        ) : (
          <div className={styles.modalMessage}>
            <Spinner size="md" aria-label="Carregando workspace" />
          </div>
        )}
      </Modal>
      {ssoOpen && workspace && (
        <Suspense fallback={null}>
          <SsoModal workspace={workspace} onClose={() => setSsoOpen(false)} />
        </Suspense>
      )}
      {deleteOpen && workspace && (
        <Suspense fallback={null}>
          <DeleteWorkspaceModal
            workspace={workspace}
            onClose={(deleted) => {
              setDeleteOpen(false);
              if (deleted) onClose();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
