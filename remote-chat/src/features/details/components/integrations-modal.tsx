import { Modal, Tabs } from '@chat/ui';
import { IncomingWebhooksSection } from './incoming-webhooks-section';
import { OutgoingWebhooksSection } from './outgoing-webhooks-section';

interface Props {
  groupId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Integrações' (group admins): the group's incoming and outgoing webhooks. */
export function IntegrationsModal({ groupId, open, onOpenChange }: Props) {
  return (
    <Modal title="Integrações" open={open} onOpenChange={onOpenChange} maxWidth="lg">
      <Tabs
        listLabel="Tipo de integração"
        tabs={[
          { value: 'incoming', label: 'Entrada', content: <IncomingWebhooksSection groupId={groupId} /> },
          { value: 'outgoing', label: 'Saída', content: <OutgoingWebhooksSection groupId={groupId} /> },
        ]}
      />
    </Modal>
  );
}
