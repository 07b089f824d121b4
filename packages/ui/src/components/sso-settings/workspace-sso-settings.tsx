import type { SsoConfigBody } from '@chat/contracts';
import { notify } from '../../lib/notify';
import { Spinner } from '../spinner/spinner';
import { SsoForm } from './sso-form';
import styles from './sso-form.module.css';
import { useSaveWorkspaceSso, useWorkspaceSso } from './use-workspace-sso';

export const SSO_SAVED = 'Entrada pela empresa salva';
export const SSO_SAVE_ERROR = 'Não foi possível salvar a entrada pela empresa';

export interface WorkspaceSsoSettingsProps {
  workspace: { id: string; name: string };
}

/** Loads a workspace's sign-in with the company's account, shows its form and saves it. */
export function WorkspaceSsoSettings({ workspace }: WorkspaceSsoSettingsProps) {
  const { data, failed } = useWorkspaceSso(workspace.id);
  const { mutateAsync } = useSaveWorkspaceSso(workspace.id);

  const save = async (body: SsoConfigBody) => {
    try {
      await mutateAsync(body);
      notify.success(SSO_SAVED);
    } catch (error) {
      notify.error(error, SSO_SAVE_ERROR);
    }
  };

  if (data) return <SsoForm key={workspace.id} workspaceName={workspace.name} current={data} onSubmit={save} />;
  return (
    <div className={styles.message}>
      {failed ? <p>Não foi possível carregar a entrada pela empresa.</p> : <Spinner size="md" aria-label="Carregando" />}
    </div>
  );
}
