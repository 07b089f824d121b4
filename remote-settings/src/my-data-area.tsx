import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RemoteAppProps } from '@chat/contracts';
import { createQueryClient } from '@chat/ui';
import { ArrowLeft } from 'lucide-react';
import { DataExportSection } from './features/data-export/components/data-export-section';
import { DeleteAccountSection } from './features/delete-account/components/delete-account-section';
import styles from './account-page.module.css';

/**
 * Configurações > Meus dados (LGPD): download everything the person has here, or erase the
 * account. Its own query client, as 'Conta'. The e-mail that says an export is ready links here.
 */
export function MyDataArea({ basePath, user }: RemoteAppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <div className={styles.account}>
        <Link className={styles.back} to={basePath}>
          <ArrowLeft size={16} aria-hidden /> Voltar
        </Link>
        <DataExportSection />
        {/* ROOT keeps the deployment running: the server refuses to erase it, so it is not offered. */}
        {user.role !== 'ROOT' && <DeleteAccountSection />}
      </div>
    </QueryClientProvider>
  );
}
