import { useState } from 'react';
import type { RemoteAppProps } from '@chat/contracts';
import { CollapsibleSection, EmptyState, SearchInput } from '@chat/ui';
import styles from './members-page.module.css';

export function MembersPage({ flags }: RemoteAppProps) {
  const [search, setSearch] = useState('');
  return (
    <div className={styles.page}>
      <CollapsibleSection title="Membros" defaultOpen>
        <div className={styles.section}>
          <SearchInput value={search} onChange={setSearch} placeholder="Buscar membro" />
          <EmptyState text="A gestão de membros está em construção." />
        </div>
      </CollapsibleSection>
      {flags.includes('polygonal') && (
        <CollapsibleSection title="Poligonais">
          <EmptyState text="A gestão de poligonais está em construção." />
        </CollapsibleSection>
      )}
    </div>
  );
}
