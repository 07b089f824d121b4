import { useNavigate } from 'react-router-dom';
import type { Group } from '@chat/contracts';
import { Modal, Tabs } from '@chat/ui';
import { chatPath } from '../../../shared/chat-types';
import { NewConversationTab } from './new-conversation-tab';
import { NewGroupTab } from './new-group-tab';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  basePath: string;
  meId: string;
  /** Opens or creates the direct conversation and navigates to it; resolves to whether it worked. */
  openDirectChat: (userId: string) => Promise<boolean>;
  onGroupCreated: (group: Group) => void;
}

/** The 'Novo' modal (docs/produto.md, Telas): tabs 'Conversa' and 'Grupo'. */
export function NewChatModal({ open, onOpenChange, basePath, meId, openDirectChat, onGroupCreated }: Props) {
  const navigate = useNavigate();
  const pickUser = async (userId: string) => {
    if (await openDirectChat(userId)) onOpenChange(false);
  };
  const groupCreated = (group: Group) => {
    onGroupCreated(group);
    void navigate(chatPath(basePath, group.id, 'group'));
    onOpenChange(false);
  };
  return (
    <Modal title="Novo" open={open} onOpenChange={onOpenChange} maxWidth="sm">
      <Tabs
        listLabel="Tipo de conversa"
        tabs={[
          { value: 'conversation', label: 'Conversa', content: <NewConversationTab meId={meId} onPick={(id) => void pickUser(id)} /> },
          { value: 'group', label: 'Grupo', content: <NewGroupTab onCreated={groupCreated} /> },
        ]}
      />
    </Modal>
  );
}
