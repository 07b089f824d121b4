import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUDIT_TEXTS, RETENTION_DAYS_MAX } from '@chat/contracts';
import { Button } from '../button/button';
import { FormField } from '../form-field/form-field';
import { Input } from '../input/input';
import { notify } from '../../lib/notify';
import styles from './days-setting.module.css';

export interface DaysSettingProps {
  title: string;
  help: string;
  label: string;
  savedText: string;
  queryKey: readonly unknown[];
  load: () => Promise<number>;
  save: (days: number) => Promise<unknown>;
}

/** A period in days (0: forever) read from and saved to the server: a workspace's retention, the log's own period. */
export function DaysSetting({ title, help, label, savedText, queryKey, load, save }: DaysSettingProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey, queryFn: load });
  // What the person typed; until they type, the stored value.
  const [typed, setTyped] = useState<string | null>(null);
  const draft = typed ?? (current.data === undefined ? '' : String(current.data));
  const days = Number(draft);
  const valid = draft !== '' && Number.isInteger(days) && days >= 0 && days <= RETENTION_DAYS_MAX;
  const mutation = useMutation({
    mutationFn: () => save(days),
    onSuccess: () => {
      queryClient.setQueryData(queryKey, days);
      setTyped(null);
      notify.success(savedText);
    },
    onError: (error) => notify.error(error, 'Não foi possível salvar'),
  });

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      <p className={styles.help}>{help}</p>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) mutation.mutate();
        }}
      >
        <FormField label={label} htmlFor={`${id}-days`} className={styles.field}>
          <Input
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={0}
            max={RETENTION_DAYS_MAX}
            value={draft}
            disabled={current.isPending}
            onChange={(event) => setTyped(event.target.value)}
          />
        </FormField>
        <Button type="submit" size="sm" width="sm" disabled={!valid || mutation.isPending || days === current.data}>
          {AUDIT_TEXTS.save}
        </Button>
      </form>
    </section>
  );
}
