import { Copy } from 'lucide-react';
import { SUCCESS_TEXTS } from '@chat/contracts';
import { Button, toast } from '@chat/ui';
import styles from './api-key.module.css';

/** The new key, shown this one time only (the server keeps just its hash), with a copy button. */
export function CreatedKey({ apiKey }: { apiKey: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      toast({ type: 'success', title: SUCCESS_TEXTS.apiKey.copied });
    } catch {
      // No clipboard permission (or an insecure origin): the field stays selectable by hand.
      toast({ type: 'alert', title: 'Não foi possível copiar', description: 'Selecione a chave e copie manualmente.' });
    }
  };

  return (
    <div className={styles.created} role="status">
      <label htmlFor="created-api-key">Sua nova chave. Copie agora: ela não será mostrada novamente.</label>
      <div className={styles.createdRow}>
        <input id="created-api-key" className={styles.createdInput} value={apiKey} readOnly onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" size="sm" width="sm" onClick={() => void copy()}>
          <Copy size={16} aria-hidden /> Copiar
        </Button>
      </div>
    </div>
  );
}
