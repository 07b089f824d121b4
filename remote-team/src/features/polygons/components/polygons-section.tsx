import { useState } from 'react';
import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import type { PolygonListItem } from '@chat/contracts';
import { Button, CollapsibleSection, EmptyState, IconButton, SearchInput, Spinner } from '@chat/ui';
import { usePolygons } from '../hooks/use-polygons';
import { DeletePolygonModal } from './delete-polygon-modal';
import { PolygonFormModal } from './polygon-form-modal';
import styles from './polygons.module.css';

type Dialog = { kind: 'form'; polygon: PolygonListItem | null } | { kind: 'delete'; polygon: PolygonListItem } | null;

const membersLabel = (n: number) => (n === 1 ? '1 membro' : `${n} membros`);

/**
 * docs/produto.md, Telas, /auth/team with flag polygonal: the polygons ("poligonais") of the
 * workspace.
 */
export function PolygonsSection() {
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const { polygons, loading } = usePolygons(search);
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <CollapsibleSection title="Poligonais" defaultOpen fit contentHeight={Math.min(360, 120 + Math.max(polygons.length, 1.5) * 52)}>
      <div className={styles.section}>
        <div className={styles.toolbar}>
          <SearchInput value={search} onChange={setSearch} placeholder="Buscar poligonal" wrapperClassName={styles.search} />
          <Button size="sm" variant="outline" className={styles.newButton} onClick={() => setDialog({ kind: 'form', polygon: null })}>
            <Plus size={16} aria-hidden="true" />
            Nova poligonal
          </Button>
        </div>
        {loading ? (
          <Spinner size="md" />
        ) : polygons.length === 0 ? (
          <EmptyState text="Nenhuma poligonal encontrada" />
        ) : (
          <ul className={styles.list} aria-label="Poligonais">
            {polygons.map((polygon) => (
              <li key={polygon.id} className={styles.row} aria-label={polygon.name}>
                <span className={styles.icon} aria-hidden="true">
                  <MapPin size={16} />
                </span>
                <span className={styles.name}>{polygon.name}</span>
                <span className={styles.count}>{membersLabel(polygon.membersCount)}</span>
                <IconButton
                  aria-label={`Editar ${polygon.name}`}
                  size="sm"
                  variant="ghost"
                  onClick={() => setDialog({ kind: 'form', polygon })}
                >
                  <Pencil size={16} aria-hidden="true" />
                </IconButton>
                <IconButton
                  aria-label={`Excluir ${polygon.name}`}
                  size="sm"
                  variant="ghost"
                  colorType="destructive"
                  onClick={() => setDialog({ kind: 'delete', polygon })}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
      </div>
      {dialog?.kind === 'form' && <PolygonFormModal polygon={dialog.polygon} onOpenChange={close} />}
      {dialog?.kind === 'delete' && <DeletePolygonModal polygon={dialog.polygon} onOpenChange={close} />}
    </CollapsibleSection>
  );
}
