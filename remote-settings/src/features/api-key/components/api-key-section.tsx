import { useState } from 'react';
import { BookOpen, TriangleAlert } from 'lucide-react';
import { Spinner } from '@chat/ui';
import { useActiveApiKey } from '../hooks/use-active-api-key';
import { ActiveKey } from './active-key';
import { ApiKeyForm } from './api-key-form';
import { CreatedKey } from './created-key';
import styles from './api-key.module.css';

interface Props {
  /** The API's base URL from the runtime config; the reference lives at <base>/docs. */
  apiBaseUrl: string;
}

/** 'Integrações': the active key, the creation form, the new key shown once, the API reference. */
export function ApiKeySection({ apiBaseUrl }: Props) {
  const { active, loading } = useActiveApiKey();
  const [createdKey, setCreatedKey] = useState<string | null>(null);

  return (
    <div className={styles.section}>
      {loading ? <Spinner size="sm" /> : <ActiveKey apiKey={active} />}
      {createdKey && <CreatedKey apiKey={createdKey} />}
      <p className={styles.warning}>
        <TriangleAlert size={16} aria-hidden />
        Criar uma nova chave revoga a chave atual imediatamente: integrações que a usam param de funcionar.
      </p>
      <ApiKeyForm onCreated={setCreatedKey} />
      <a className={styles.docs} href={`${apiBaseUrl}/docs`} target="_blank" rel="noreferrer">
        <BookOpen size={16} aria-hidden /> Referência da API (envie a chave no cabeçalho x-api-key)
      </a>
    </div>
  );
}
