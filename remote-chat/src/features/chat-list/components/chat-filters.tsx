import type { ChatFilter } from '../lib/chat-entries';
import styles from './chat-sidebar.module.css';

const FILTERS: { value: ChatFilter; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'people', label: 'Pessoas' },
  { value: 'groups', label: 'Grupos' },
];

interface Props {
  value: ChatFilter;
  onChange: (value: ChatFilter) => void;
}

export function ChatFilters({ value, onChange }: Props) {
  return (
    <div className={styles.filters} role="group" aria-label="Filtrar conversas">
      {FILTERS.map((filter) => (
        <button
          key={filter.value}
          type="button"
          className={styles.filter}
          aria-pressed={value === filter.value}
          data-state={value === filter.value ? 'on' : 'off'}
          onClick={() => onChange(filter.value)}
        >
          {filter.label}
        </button>
      ))}
    </div>
  );
}
