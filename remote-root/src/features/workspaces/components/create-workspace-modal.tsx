import { createWorkspace } from '@chat/api-client';
import { DEFAULT_WORKSPACE_FEATURES, ERROR_TEXTS, SUCCESS_TEXTS, type WorkspaceEditFormValues } from '@chat/contracts';
import { Modal } from '@chat/ui';
import { notifyError, notifySuccess } from '../lib/notify';
import { WorkspaceForm } from './workspace-form';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: () => void;
}

const EMPTY = { name: '', description: '', adminName: '', adminEmail: '', limitOfMembers: 0, storageQuotaMb: 0, features: [...DEFAULT_WORKSPACE_FEATURES] };

/** 'Criar Workspace': the new admin receives a welcome e-mail to set their password. */
export function CreateWorkspaceModal({ open, onOpenChange, onCreated }: Props) {
  const create = async (values: WorkspaceEditFormValues) => {
    try {
      await createWorkspace({ ...values, adminName: values.adminName ?? '' });
    } catch (error) {
      notifyError(ERROR_TEXTS.workspace.createTitle, error, ERROR_TEXTS.workspace.unknown);
      return;
    }
    notifySuccess(SUCCESS_TEXTS.workspace.created);
    onCreated();
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
