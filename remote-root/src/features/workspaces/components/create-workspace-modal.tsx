import { DEFAULT_WORKSPACE_FEATURES, ERROR_TEXTS, SUCCESS_TEXTS, type WorkspaceEditFormValues } from '@chat/contracts';
import { Modal, notify } from '@chat/ui';
import { useCreateWorkspace } from '../hooks/use-workspaces';
import { WorkspaceForm } from './workspace-form';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const EMPTY = {
  name: '',
  description: '',
  adminName: '',
  adminEmail: '',
  limitOfMembers: 0,
  storageQuotaMb: 0,
  features: [...DEFAULT_WORKSPACE_FEATURES],
};

/** 'Criar Workspace': the new admin receives a welcome e-mail to set their password. */
export function CreateWorkspaceModal({ open, onOpenChange }: Props) {
  const { mutateAsync: createWorkspace } = useCreateWorkspace();
  const create = async (values: WorkspaceEditFormValues) => {
    try {
      await createWorkspace(values);
    } catch (error) {
      notify.error(error, ERROR_TEXTS.workspace.unknown, ERROR_TEXTS.workspace.createTitle);
      return;
    }
    notify.success(SUCCESS_TEXTS.workspace.created);
    onOpenChange(false);
  };

  return (
    <Modal
      title="Criar Workspace"
      description="O administrador receberá um e-mail para definir a senha e entrar."
      open={open}
      onOpenChange={onOpenChange}
      maxWidth="md"
    >
      {/* Mounted only while open, so each opening starts from an empty form. */}
      {open ? <WorkspaceForm mode="create" defaultValues={EMPTY} submitLabel="Criar Workspace" onSubmit={create} /> : null}
    </Modal>
  );
}
