import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { WORKSPACE_DELETION_TEXTS as T } from '@chat/contracts';
import { Button, FormField, Input, Modal, notify } from '@chat/ui';
import { rootKeys } from '../../../query-keys';
import { useDeleteWorkspace, useWorkspaceDeletion } from '../hooks/use-workspace-deletion';
import styles from './workspaces.module.css';

interface Props {
  workspace: { id: string; name: string };
  /** A deletion already under way (opened from its card): the modal follows it at once. */
  deletionId?: string | null;
  /** The workspace is gone (or the person closed the modal): the caller closes what it opened. */
  onClose: (deleted: boolean) => void;
}

/**
 * 'Excluir workspace': the person types the workspace's name to confirm, then a bar follows the
 * background deletion until it is done; the workspace then leaves the list.
 */
export function DeleteWorkspaceModal({ workspace, deletionId = null, onClose }: Props) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [jobId, setJobId] = useState<string | null>(deletionId);
  const start = useDeleteWorkspace();
  const { data: deletion } = useWorkspaceDeletion(jobId);
  const matches = typed.trim() === workspace.name;

  const confirm = async () => {
    try {
      setJobId((await start.mutateAsync({ id: workspace.id, confirmName: typed })).id);
    } catch (error) {
      notify.error(error, T.startFailed);
    }
  };

  const done = deletion?.status === 'done';
  useEffect(() => {
    if (!done) return;
    notify.success(T.done);
    onClose(true);
    // The workspace's own queries go (asking again would only find it gone); the list is fetched anew.
    queryClient.removeQueries({ queryKey: rootKeys.workspace(workspace.id) });
    void queryClient.invalidateQueries({ queryKey: rootKeys.workspaces, exact: true });
    void queryClient.invalidateQueries({ queryKey: rootKeys.deletions, exact: true });
  }, [done, onClose, queryClient, workspace.id]);

  const percent = deletion && deletion.total > 0 ? Math.round((deletion.done / deletion.total) * 100) : 0;
  const following = jobId !== null;

  return (
    <Modal
      title={following ? T.progressTitle : T.confirmTitle}
      description={following ? workspace.name : undefined}
      open
      // While it runs the modal may be closed: the job goes on and the card shows it.
      onOpenChange={(open) => !open && onClose(false)}
      maxWidth="sm"
    >
      {following ? (
        <div className={styles.deleteBody}>
          <div
            className={styles.progressTrack}
            role="progressbar"
            aria-label={T.progressTitle}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className={styles.progressFill} style={{ width: `${percent}%` }} />
          </div>
          <p className={styles.dangerText} aria-live="polite">
            {deletion && deletion.total > 0 ? T.progress(deletion.done, deletion.total) : T.starting}
          </p>
          {deletion?.status === 'failed' ? (
            <>
              <p className={styles.dangerText} role="alert">
                {T.failed}
              </p>
              <div className={styles.deleteActions}>
                <Button
                  colorType="destructive"
                  loading={start.isPending}
                  onClick={() =>
                    void start
                      .mutateAsync({ id: workspace.id, confirmName: workspace.name })
                      .catch((e: unknown) => notify.error(e, T.startFailed))
                  }
                >
                  {T.retry}
                </Button>
              </div>
            </>
          ) : null}
        </div>
      ) : (
        <form
          className={styles.deleteBody}
          onSubmit={(event) => {
            event.preventDefault();
            if (matches) void confirm();
          }}
        >
          <p className={styles.dangerText}>{T.confirmDescription(workspace.name)}</p>
          <FormField label={T.confirmLabel} htmlFor="delete-workspace-name">
            <Input
              id="delete-workspace-name"
              autoComplete="off"
              spellCheck={false}
              placeholder={workspace.name}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </FormField>
          <div className={styles.deleteActions}>
            <Button type="button" variant="outline" onClick={() => onClose(false)} disabled={start.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" colorType="destructive" disabled={!matches} loading={start.isPending}>
              {T.confirm}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
