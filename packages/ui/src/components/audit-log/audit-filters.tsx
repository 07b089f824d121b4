import { AUDIT_ACTIONS, AUDIT_ACTION_TEXTS, AUDIT_TEXTS, type AuditAction, type AuditFilter } from '@chat/contracts';
import { Input } from '../input/input';
import styles from './audit-log.module.css';

export interface AuditFilterOption {
  id: string;
  name: string;
}

interface Props {
  filter: AuditFilter;
  onChange: (filter: AuditFilter) => void;
  /** People to filter by (those the loaded entries name). */
  people: readonly AuditFilterOption[];
  /** ROOT: the workspaces to filter by. */
  workspaces?: readonly AuditFilterOption[];
}

const orUndefined = <T extends string>(value: string) => (value === '' ? undefined : (value as T));

/** The list's filters: act, person, (workspace) and the days from and to. */
export function AuditFilters({ filter, onChange, people, workspaces }: Props) {
  const set = (patch: Partial<AuditFilter>) => onChange({ ...filter, ...patch });
  return (
    <div className={styles.filters} role="group" aria-label="Filtros">
      <select
        aria-label="Atividade"
        className={styles.select}
        value={filter.action ?? ''}
        onChange={(e) => set({ action: orUndefined<AuditAction>(e.target.value) })}
      >
        <option value="">{AUDIT_TEXTS.allActions}</option>
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {AUDIT_ACTION_TEXTS[action]}
          </option>
        ))}
      </select>
      <select
        aria-label="Pessoa"
        className={styles.select}
        value={filter.actorId ?? ''}
        onChange={(e) => set({ actorId: orUndefined(e.target.value) })}
      >
        <option value="">{AUDIT_TEXTS.allPeople}</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
      {workspaces ? (
        <select
          aria-label="Workspace"
          className={styles.select}
          value={filter.workspaceId ?? ''}
          onChange={(e) => set({ workspaceId: orUndefined(e.target.value) })}
        >
          <option value="">Todos os workspaces</option>
          {workspaces.map((workspace) => (
            <option key={workspace.id} value={workspace.id}>
              {workspace.name}
            </option>
          ))}
        </select>
      ) : null}
      <label className={styles.date}>
        <span>{AUDIT_TEXTS.from}</span>
        <Input type="date" value={filter.from ?? ''} max={filter.to} onChange={(e) => set({ from: orUndefined(e.target.value) })} />
      </label>
      <label className={styles.date}>
        <span>{AUDIT_TEXTS.to}</span>
        <Input type="date" value={filter.to ?? ''} min={filter.from} onChange={(e) => set({ to: orUndefined(e.target.value) })} />
      </label>
    </div>
  );
}
