import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import type { User } from '@chat/contracts';
import { useTeam } from '../hooks/use-team';
import { CreateMemberModal } from './create-member-modal';
import { EditMemberModal } from './edit-member-modal';
import { FirstInvitePrompt } from './first-invite-prompt';
import { InviteMemberModal } from './invite-member-modal';
import { MembersSection } from './members-section';
import { PendingInvites } from './pending-invites';
import { TeamMenu } from './team-menu';

// Loaded when a removal is asked for: its choices (erasing the member's data) are seldom opened.
const RemoveMemberModal = lazy(async () => ({ default: (await import('./remove-member-modal')).RemoveMemberModal }));

interface Props {
  meId: string;
  canCreate: boolean;
  canEdit: boolean;
  polygonal: boolean;
  headerSlot: HTMLElement | null;
}

type Dialog = { kind: 'invite' } | { kind: 'create' } | { kind: 'edit' | 'remove'; member: User } | null;

/** Members, pending invites, the header menu and the member dialogs. */
export function MembersArea({ meId, canCreate, canEdit, polygonal, headerSlot }: Props) {
  const team = useTeam();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = (open: boolean) => !open && setDialog(null);

  const menu = (
    <TeamMenu
      canCreate={canCreate}
      inHeader={!!headerSlot}
      onInvite={() => setDialog({ kind: 'invite' })}
      onCreate={() => setDialog({ kind: 'create' })}
    />
  );

  return (
    <>
      {headerSlot ? createPortal(menu, headerSlot) : menu}
      <MembersSection
        workspace={team.workspace}
        meId={meId}
        canEdit={canEdit}
        onEdit={(member) => setDialog({ kind: 'edit', member })}
        onRemove={(member) => setDialog({ kind: 'remove', member })}
      />
      {team.workspace?.membersCount === 1 && team.invites.length === 0 && (
        <FirstInvitePrompt onInvite={() => setDialog({ kind: 'invite' })} />
      )}
      <PendingInvites invites={team.invites} />
      <InviteMemberModal open={dialog?.kind === 'invite'} onOpenChange={close} />
      {canCreate && <CreateMemberModal open={dialog?.kind === 'create'} onOpenChange={close} />}
      {dialog?.kind === 'edit' && <EditMemberModal member={dialog.member} polygonal={polygonal} onOpenChange={close} />}
      {dialog?.kind === 'remove' && (
        <Suspense fallback={null}>
          <RemoveMemberModal member={dialog.member} onOpenChange={close} />
        </Suspense>
      )}
    </>
  );
}
