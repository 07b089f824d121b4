import { storageUsage, WORKSPACE_DELETION_TEXTS, type WorkspaceDeletion, type WorkspaceSummary } from '@chat/contracts';
import { Building2, ShieldCheck, Users } from 'lucide-react';
import { memberCountText } from '../lib/member-count';
import styles from './workspaces.module.css';

interface Props {
  workspace: WorkspaceSummary;
  /** Its deletion, while one is under way (the card then opens the deletion's progress). */
  deletion?: WorkspaceDeletion | undefined;
  onOpen: (workspace: WorkspaceSummary) => void;
}

/**
 * A workspace card (docs/produto.md, Telas): name, description, responsible admin, member count ('n
 * / limite' with a limit) and stored files ('x MB de y MB' with a quota).
 */
export function WorkspaceCard({ workspace, deletion, onOpen }: Props) {
  const { name, description, admin, membersCount, limitOfMembers } = workspace;
  const full = limitOfMembers > 0 && membersCount >= limitOfMembers;
  return (
    <li className={styles.item}>
      <button type="button" className={styles.card} onClick={() => onOpen(workspace)} aria-label={`Editar ${name}`}>
        <span className={styles.cardHead}>
          <span className={styles.cardIcon} aria-hidden="true">
            <Building2 size={18} />
          </span>
          <span className={styles.cardName}>{name}</span>
        </span>
        {deletion ? (
          <span className={styles.deleting}>
            {WORKSPACE_DELETION_TEXTS.deleting}
            {deletion.total > 0 ? ` · ${Math.round((deletion.done / deletion.total) * 100)}%` : ''}
          </span>
        ) : null}
        <span className={description ? styles.cardDescription : `${styles.cardDescription} ${styles.muted}`}>
          {description || 'Sem descrição'}
        </span>
        <span className={styles.cardFooter}>
          <span className={styles.cardMeta} title="Administrador">
            <ShieldCheck size={14} aria-hidden="true" />
            {admin?.name ?? 'Sem administrador'}
          </span>
          <span className={full ? `${styles.cardMeta} ${styles.full}` : styles.cardMeta} title="Membros">
            <Users size={14} aria-hidden="true" />
            {memberCountText({ membersCount, limitOfMembers })}
          </span>
          {/* No icon nor title of its own: the card stays within the page's budget. */}
          <span className={styles.cardMeta}>{storageUsage(workspace.storageUsedBytes, workspace.storageQuotaMb).text}</span>
        </span>
      </button>
    </li>
  );
}
