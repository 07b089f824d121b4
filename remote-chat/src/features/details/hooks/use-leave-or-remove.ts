import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { leaveGroup, removeGroupMember } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type GroupMember } from '@chat/contracts';
import { notify } from '@chat/ui';

/** What the confirmation dialog is asking about. */
export type PendingAct = { kind: 'remove'; member: GroupMember } | { kind: 'leave' };

/**
 * 'Remover do grupo' (admins, on another member) and 'Sair do grupo' (anyone, on themselves),
 * each confirmed first. The `group::updated` events update the lists; these only report.
 */
export function useLeaveOrRemove(groupId: string, { onRemoved, onLeft }: { onRemoved: () => void; onLeft: () => void }) {
  const [pending, setPending] = useState<PendingAct | null>(null);
  const remove = useMutation({
    mutationFn: (memberId: string) => removeGroupMember(groupId, { memberId }),
    onSuccess: () => {
      notify.success(SUCCESS_TEXTS.group.memberRemoved);
      setPending(null);
      onRemoved();
    },
    onError: (error) => notify.error(error, ERROR_TEXTS.group.removeMember),
  });
  const leave = useMutation({
    mutationFn: () => leaveGroup(groupId),
    onSuccess: () => {
      notify.success(SUCCESS_TEXTS.group.left);
      setPending(null);
      onLeft();
    },
    onError: (error) => notify.error(error, ERROR_TEXTS.group.leave),
  });
  return {
    pending,
    ask: setPending,
    cancel: () => setPending(null),
    busy: remove.isPending || leave.isPending,
    confirm: () => {
      if (pending?.kind === 'remove') remove.mutate(pending.member.id);
      else if (pending?.kind === 'leave') leave.mutate();
    },
  };
}
