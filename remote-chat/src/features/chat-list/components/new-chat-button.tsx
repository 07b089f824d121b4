import { MessageSquarePlus } from 'lucide-react';
import { Button } from '@chat/ui';

/**
 * The empty screens' own way to start a chat: the text still points at the header's button, and
 * this one does the same where the reader already is.
 */
export function NewChatButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="sm" width="md" onClick={onClick}>
      <MessageSquarePlus size={16} aria-hidden="true" />
      Nova conversa
    </Button>
  );
}
