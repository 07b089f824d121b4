import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { ApiCallError, deleteMyAccount } from '@chat/api-client';
import { ACCOUNT_DATA_ERRORS, ACCOUNT_DATA_TEXTS as T, type DeleteAccountBody } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { Button, Checkbox, FormField, Input, notify, PasswordInput, toast } from '@chat/ui';
import { DeleteAccountDialog } from './delete-account-dialog';
import styles from '../../../my-data.module.css';

/** Where the server's refusal belongs: under the field it is about, or only in the toast. */
const FIELD_ERRORS: ReadonlySet<string> = new Set([ACCOUNT_DATA_ERRORS.wrongPassword, ACCOUNT_DATA_ERRORS.wrongEmail]);

/**
 * 'Excluir minha conta': confirmed with the password, or, for a person who signs in through their
 * company's provider, by typing the e-mail (the server also asks for a fresh sign-in there). Once
 * erased, this tab signs out like a sign-out; the other sessions are already over on the server.
 */
export function DeleteAccountSection() {
  const [bySso, setBySso] = useState(false);
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [deleteMessages, setDeleteMessages] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { mutateAsync: erase, isPending } = useMutation({ mutationFn: (body: DeleteAccountBody) => deleteMyAccount(body) });

  const confirm = async () => {
    setFieldError(null);
    try {
      await erase(bySso ? { email, deleteMessages } : { password, deleteMessages });
    } catch (error) {
      notify.error(error, T.deleteTitle);
      if (error instanceof ApiCallError && error.serverMessage && FIELD_ERRORS.has(error.serverMessage)) setFieldError(error.serverMessage);
      return;
    }
    toast({ type: 'success', title: T.deleted, description: T.deletedDescription });
    eventBus.emit('session:signout', undefined);
  };

  const filled = bySso ? email.trim() !== '' : password !== '';
  return (
    <section className={`${styles.card} ${styles.danger}`} aria-labelledby="delete-title">
      <h2 id="delete-title" className={styles.title}>
        <UserX size={18} aria-hidden /> {T.deleteTitle}
      </h2>
      <p className={styles.text}>{T.deleteDescription}</p>
      <p className={styles.text}>{T.deleteKeepMessages}</p>
      <form
        className={styles.form}
        noValidate
        aria-label={T.deleteTitle}
        onSubmit={(event) => {
          event.preventDefault();
          if (filled) setConfirming(true);
        }}
      >
        <Checkbox checked={deleteMessages} onCheckedChange={setDeleteMessages} label={T.deleteMessagesLabel} />
        {bySso ? (
          <FormField label={T.deleteEmailLabel} htmlFor="delete-email" error={fieldError ?? undefined}>
            <Input id="delete-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </FormField>
        ) : (
          <FormField label={T.deletePasswordLabel} htmlFor="delete-password" error={fieldError ?? undefined}>
            <PasswordInput
              id="delete-password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
        )}
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            setBySso(!bySso);
            setFieldError(null);
          }}
        >
          {bySso ? 'Confirmar com a minha senha' : 'Entro pelo provedor da minha empresa (sem senha)'}
        </button>
        <div className={styles.actions}>
          <Button type="submit" colorType="destructive" disabled={!filled} loading={isPending}>
            {T.deleteButton}
          </Button>
        </div>
      </form>
      {confirming && (
        <DeleteAccountDialog deleteMessages={deleteMessages} onConfirm={() => void confirm()} onClose={() => setConfirming(false)} />
      )}
    </section>
  );
}
