import { Modal, WorkspaceSsoSettings } from '@chat/ui';

interface Props {
  workspace: { id: string; name: string } | null;
  onClose: () => void;
}

/** "Entrada pela conta da empresa" of one workspace: its OpenID Connect provider and rules. */
export function SsoModal({ workspace, onClose }: Props) {
  return (
    <Modal
      title="Entrada pela conta da empresa"
      description={workspace ? `${workspace.name} · OpenID Connect` : undefined}
      open={workspace !== null}
      onOpenChange={(open) => !open && onClose()}
      maxWidth="md"
    >
      {workspace && <WorkspaceSsoSettings workspace={workspace} />}
    </Modal>
  );
}
