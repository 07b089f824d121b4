import { Copy } from 'lucide-react';
import { Button, toast } from '@chat/ui';
import styles from './integrations.module.css';

interface Props {
  id: string;
  label: string;
  value: string;
}

/** A webhook's URL or secret, shown this one time only (the server keeps just a hash, or never shows it again), with "Copiar". */
export function ShownOnce({ id, label, value }: Props) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ type: 'success', title: 'Copiado' });
    } catch {
      // No clipboard permission (or an insecure origin): the field stays selectable by hand.
      toast({ type: 'alert', title: 'Não foi possível copiar', description: 'Selecione o texto e copie manualmente.' });
    }
  };
  return (
    <div className={styles.shownOnce} role="status">
      <label htmlFor={id}>{label} Copie agora: ela não será mostrada novamente.</label>
      <div className={styles.row}>
        <input id={id} className={styles.secret} value={value} readOnly onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" size="sm" width="sm" onClick={() => void copy()}>
          <Copy size={16} aria-hidden /> Copiar
        </Button>
      </div>
    </div>
  );
}
