import { Link } from 'react-router-dom';
import type { RemoteAppProps } from '@chat/contracts';
import { CollapsibleSection, EmptyState } from '@chat/ui';
import { ArrowLeft } from 'lucide-react';
import styles from './settings.module.css';

export function AccountPage({ basePath, flags }: RemoteAppProps) {
  const canEditPersonalInfo = !flags.includes('disable_edit_personal_info');
  return (
    <div className={styles.account}>
      <Link className={styles.back} to={basePath}>
        <ArrowLeft size={16} aria-hidden /> Voltar
      </Link>
      {canEditPersonalInfo && (
        <>
          <CollapsibleSection title="Informações pessoais">
            <EmptyState text="Em construção." />
          </CollapsibleSection>
          <CollapsibleSection title="Segurança">
            <EmptyState text="Em construção." />
          </CollapsibleSection>
        </>
      )}
      <CollapsibleSection title="Integrações">
        <EmptyState text="Em construção." />
      </CollapsibleSection>
    </div>
  );
}
