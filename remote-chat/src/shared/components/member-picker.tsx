import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { getGroupCandidateIds, resolveGroupEmails } from '@chat/api-client';
import { ERROR_TEXTS, splitEmails, type ResolvedEmails } from '@chat/contracts';
import { Button, EmptyState, notify, SearchInput, Spinner, Textarea, VirtualList } from '@chat/ui';
import { useGroupCandidates } from '../use-group-candidates';
import { UserCheckRow } from './user-select-list';
import styles from './member-picker.module.css';

interface Props {
  /** The group members are added to; none while a group is being created. */
  groupId?: string;
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
  emptyText: string;
}

const ROW_HEIGHT = 48;

/** The message under 'Colar e-mails': who was not found, and who is in the group already. */
export function pastedEmailsNotice({ unknown, alreadyMembers }: Pick<ResolvedEmails, 'unknown' | 'alreadyMembers'>): string | null {
  const parts = [
    unknown.length > 0 && `Não encontrados no workspace: ${unknown.join(', ')}`,
    alreadyMembers.length > 0 && `Já estão no grupo: ${alreadyMembers.join(', ')}`,
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join('. ')}.` : null;
}

/**
 * Picks users for a group ('Adicionar membro', 'Novo' > 'Grupo'): the workspace's users a page at a
 * time, searched on the server; 'Selecionar todos' takes every user of the search (their ids from
 * the server), and 'Colar e-mails' a pasted list.
 */
export function MemberPicker({ groupId, selected, onSelectedChange, emptyText }: Props) {
  const [text, setText] = useState('');
  const [pasting, setPasting] = useState(false);
  const [pasted, setPasted] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const candidates = useGroupCandidates(groupId, text);

  const addAll = (ids: readonly string[]) => onSelectedChange(new Set([...selected, ...ids]));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };

  const selectAll = useMutation({
    mutationFn: async () => (await getGroupCandidateIds({ ...(groupId ? { groupId } : {}), content: candidates.term })).data.ids,
    onSuccess: addAll,
    onError: (error) => notify.error(error, ERROR_TEXTS.user.search),
  });

  const resolve = useMutation({
    mutationFn: async (emails: string[]) => (await resolveGroupEmails({ ...(groupId ? { groupId } : {}), emails })).data,
    onSuccess: (resolved) => {
      addAll(resolved.users.map((u) => u.id));
      setNotice(pastedEmailsNotice(resolved));
      setPasted('');
      if (resolved.unknown.length === 0 && resolved.alreadyMembers.length === 0) setPasting(false);
    },
    onError: (error) => notify.error(error, ERROR_TEXTS.group.resolveEmails),
  });
  const emails = splitEmails(pasted);

  return (
    <div className={styles.picker}>
      <SearchInput value={text} onChange={setText} placeholder="Pesquise por um usuário" />
      <div className={styles.toolbar}>
        <Button
          variant="outline"
          size="xs"
          onClick={() => selectAll.mutate()}
          loading={selectAll.isPending}
          disabled={!candidates.total || candidates.loading}
        >
          Selecionar todos{candidates.total ? ` (${candidates.total})` : ''}
        </Button>
        <Button variant="outline" size="xs" onClick={() => setPasting((open) => !open)} aria-expanded={pasting}>
          Colar e-mails
        </Button>
        {selected.size > 0 && (
          <Button variant="ghost" size="xs" onClick={() => onSelectedChange(new Set())}>
            Limpar seleção
          </Button>
        )}
        <span className={styles.count} aria-live="polite">
          {selected.size === 1 ? '1 selecionado' : `${selected.size} selecionados`}
        </span>
      </div>
      {pasting && (
        <div className={styles.paste}>
          <Textarea
            aria-label="E-mails"
            rows={3}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            placeholder="Cole os e-mails, separados por vírgula, espaço ou linha"
          />
          <Button size="sm" onClick={() => resolve.mutate(emails)} loading={resolve.isPending} disabled={emails.length === 0}>
            Incluir e-mails
          </Button>
        </div>
      )}
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      {candidates.users.length === 0 ? (
        candidates.loading ? (
          <Spinner size="sm" />
        ) : (
          <EmptyState text={emptyText} />
        )
      ) : (
        <VirtualList
          // Another search draws a new list, from its top.
          key={candidates.term}
          aria-label="Usuários"
          className={styles.list}
          items={candidates.users}
          getKey={(u) => u.id}
          estimateSize={ROW_HEIGHT}
          onEndReached={candidates.loadMore}
          renderItem={(user) => <UserCheckRow user={user} checked={selected.has(user.id)} onToggle={() => toggle(user.id)} />}
        />
      )}
    </div>
  );
}
