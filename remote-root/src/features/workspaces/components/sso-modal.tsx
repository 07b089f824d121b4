import type { SsoConfigBody } from '@chat/contracts';
import { Modal, notify, Spinner } from '@chat/ui';
import { useSaveWorkspaceSso, useWorkspaceSso } from '../hooks/use-workspace-sso';
import { SsoForm } from './sso-form';
import styles from './workspaces.module.css';

export const SSO_SAVED = 'Entrada pela empresa salva';
export const SSO_SAVE_ERROR = 'Não foi possível salvar a entrada pela empresa';

interface Props {
  workspace: { id: string; name: string } | null;
  onClose: () => void;
}

/** "Entrada pela conta da empresa" of one workspace: its OpenID Connect provider and rules. */
export function SsoModal({ workspace, onClose }: Props) {
  const { data, failed } = useWorkspaceSso(workspace?.id ?? null);
  const { mutateAsync } = useSaveWorkspaceSso(workspace?.id ?? '');

  const save = async (body: SsoConfigBody) => {
    try {
      await mutateAsync(body);
      notify.success(SSO_SAVED);
    } catch (error) {
      notify.error(error, SSO_SAVE_ERROR);
    }
  };

  return (
    <Modal
      title="Entrada pela conta da empresa"
      description={workspace ? `${workspace.name} · OpenID Connect` : undefined}
      open={workspace !== null}
      onOpenChange={(open) => !open && onClose()}
      maxWidth="md"
    >
      {workspace && data ? (
        <SsoForm key={workspace.id} workspaceName={workspace.name} current={data} onSubmit={save} />
      ) : failed ? (
        <p className={styles.modalMessage}>Não foi possível carregar a entrada pela empresa.</p>
      ) : (
        <div className={styles.modalMessage}>
          <Spinner size="md" aria-label="Carregando" />
        </div>
      )}
    </Modal>
  );
}
