import { lazy, Suspense, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogOut, Pencil, Plug, UserPlus } from 'lucide-react';
import { addGroupAdmin, removeGroupAdmin } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type Group } from '@chat/contracts';
import { Button, notify, SearchInput } from '@chat/ui';
import { useGroupMemberPages } from '../hooks/use-group-member-pages';
import { type PendingAct, useLeaveOrRemove } from '../hooks/use-leave-or-remove';
import { ConfirmDialog } from './confirm-dialog';
import { DetailsTabs } from './details-tabs';
import { GroupPhoto } from './group-photo';
import { MemberList } from './member-list';
import { SidePanel } from '../../../shared/components/side-panel';
import { viewerIsGroupAdmin } from '../../../shared/group-updates';
import { chatKeys } from '../../../shared/query-keys';
import styles from './details-panel.module.css';

// The group's modals (a form with its schema, a member search) load when first opened.
const EditGroupModal = lazy(async () => ({ default: (await import('./edit-group-modal')).EditGroupModal }));
const AddMemberModal = lazy(async () => ({ default: (await import('./add-member-modal')).AddMemberModal }));
const IntegrationsModal = lazy(async () => ({ default: (await import('./integrations-modal')).IntegrationsModal }));

interface Props {
  group: Group;
  meId: string;
  /** After a change made here (the 'group::updated' event may also bring it). */
  onChanged: () => void;
  /** I left the group: its chat closes. */
  onLeft: () => void;
  onClose?: () => void;
  /** Opens the chat at a message ('Mídia' and 'Arquivos'). */
  onOpenMessage: (messageId: string) => void;
}

export const memberCountText = (count: number) => `Grupo · ${count} ${count === 1 ? 'membro' : 'membros'}`;

/**
 * 'Detalhes do grupo' (docs/produto.md, Telas), with the admin actions for group admins; its members,
 * images and videos ('Mídia') and files ('Arquivos') in tabs.
 */
export function GroupDetailsPanel({ group, meId, onChanged, onLeft, onClose, onOpenMessage }: Props) {
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [integrating, setIntegrating] = useState(false);
  const pages = useGroupMemberPages(group.id, text);
  const canManage = viewerIsGroupAdmin(group, meId);
  const queryClient = useQueryClient();
  // A change made here pages the members again at once (the event would bring it a moment later).
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.groupMemberPages(group.id) });
    onChanged();
  };

  const acts = useLeaveOrRemove(group.id, { onRemoved: changed, onLeft });

  const changeAdmin = useMutation({
    mutationFn: ({ userId, promote }: { userId: string; promote: boolean }) =>
      promote ? addGroupAdmin(group.id, { newAdminId: userId }) : removeGroupAdmin(group.id, { adminId: userId }),
    onSuccess: (_, { promote }) => {
      notify.success(promote ? SUCCESS_TEXTS.group.adminAdded : SUCCESS_TEXTS.group.adminRemoved);
      changed();
    },
    onError: (error, { promote }) => notify.error(error, promote ? ERROR_TEXTS.group.addAdmin : ERROR_TEXTS.group.removeAdmin),
  });

  return (
    <SidePanel title="Detalhes do grupo" onClose={onClose}>
      <div className={styles.identity}>
        <GroupPhoto group={group} canManage={canManage} onChanged={onChanged} />
        <span className={styles.name}>{group.name}</span>
        <span className={styles.muted}>{memberCountText(group.memberCount)}</span>
        {group.description && <p className={styles.description}>{group.description}</p>}
      </div>
      {canManage && (
        <div className={styles.actions}>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil size={14} /> Editar grupo
          </Button>
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            <UserPlus size={14} /> Adicionar membro
          </Button>
          <Button variant="outline" size="sm" onClick={() => setIntegrating(true)}>
            <Plug size={14} /> Integrações
          </Button>
        </div>
      )}
      <DetailsTabs
        chat="group"
        chatId={group.id}
        onOpenMessage={onOpenMessage}
        first={{
          label: 'Membros',
          content: (
            <>
              <SearchInput value={text} onChange={setText} placeholder="Buscar membro" />
              <MemberList
                members={pages.members}
                meId={meId}
                loading={pages.loading}
                canManage={canManage}
                onPromote={(id) => changeAdmin.mutate({ userId: id, promote: true })}
                onDemote={(id) => changeAdmin.mutate({ userId: id, promote: false })}
                onRemove={(member) => acts.ask({ kind: 'remove', member })}
                onEndReached={pages.loadMore}
                term={pages.term}
              />
            </>
          ),
        }}
      />
      <div className={styles.leave}>
        <Button variant="outline" colorType="destructive" size="sm" width="full" onClick={() => acts.ask({ kind: 'leave' })}>
          <LogOut size={14} /> Sair do grupo
        </Button>
      </div>
      {acts.pending && (
        <ConfirmDialog {...confirmTexts(acts.pending, group.name)} busy={acts.busy} onConfirm={acts.confirm} onClose={acts.cancel} />
      )}
      <Suspense fallback={null}>
        {editing && <EditGroupModal group={group} open onOpenChange={setEditing} onSaved={onChanged} />}
        {adding && <AddMemberModal group={group} open onOpenChange={setAdding} onAdded={changed} />}
        {integrating && <IntegrationsModal groupId={group.id} open onOpenChange={setIntegrating} />}
      </Suspense>
    </SidePanel>
  );
}

function confirmTexts(act: PendingAct, groupName: string) {
  if (act.kind === 'remove') {
    return {
      title: 'Remover do grupo',
      description: `Remover ${act.member.name} de “${groupName}”? A conversa do grupo sai da lista dessa pessoa.`,
      confirmLabel: 'Remover',
    };
  }
  return {
    title: 'Sair do grupo',
    description: `Sair de “${groupName}”? Você deixa de receber as mensagens do grupo.`,
    confirmLabel: 'Sair do grupo',
  };
}
