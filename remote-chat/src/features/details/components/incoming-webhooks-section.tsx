import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiCallError,
  createIncomingWebhook,
  deleteIncomingWebhook,
  listIncomingWebhooks,
  regenerateIncomingWebhook,
} from '@chat/api-client';
import { createIncomingWebhookBodySchema, type IncomingWebhookCreated } from '@chat/contracts';
import { Button, Checkbox, FormField, Input, notify, Spinner, uploadAvatar } from '@chat/ui';
import { ConfirmDialog } from './confirm-dialog';
import { IncomingWebhookItem } from './incoming-webhook-item';
import { NewWebhookImage, type PickedWebhookImage, releaseWebhookImage } from './new-webhook-image';
import { ShownOnce } from './shown-once';
import styles from './integrations.module.css';

export const incomingKey = (groupId: string) => ['group-integrations', groupId, 'incoming'] as const;

/** 'Webhooks de entrada': tools post into the group through a URL (its token is the secret, shown once). */
export function IncomingWebhooksSection({ groupId }: { groupId: string }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: incomingKey(groupId), queryFn: () => listIncomingWebhooks(groupId) });
  const [name, setName] = useState('');
  const [allowOverrides, setAllowOverrides] = useState(false);
  const [image, setImage] = useState<PickedWebhookImage | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const [shown, setShown] = useState<IncomingWebhookCreated | null>(null);
  const [asking, setAsking] = useState<{ kind: 'regenerate' | 'remove'; id: string; name: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: incomingKey(groupId) });

  const create = useMutation({
    mutationFn: async () =>
      createIncomingWebhook(groupId, { name, allowOverrides, avatarUrl: image ? await uploadAvatar(image.file) : null }),
    onSuccess: ({ data }) => {
      setShown(data);
      setName('');
      setAllowOverrides(false);
      releaseWebhookImage(image);
      setImage(null);
      refresh();
    },
    // An upload failure carries its own text (uploadAvatar); the server's refusal says why.
    onError: (error) =>
      notify.error(
        error,
        error instanceof Error && !(error instanceof ApiCallError) ? error.message : 'Não foi possível criar a integração',
      ),
  });
  const regenerate = useMutation({
    mutationFn: (id: string) => regenerateIncomingWebhook(groupId, id),
    onSuccess: ({ data }) => {
      setShown(data);
      setAsking(null);
      refresh();
    },
    onError: (error) => notify.error(error, 'Não foi possível gerar uma nova URL'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteIncomingWebhook(groupId, id),
    onSuccess: (_, id) => {
      if (shown?.id === id) setShown(null);
      setAsking(null);
      notify.success('Integração removida');
      refresh();
    },
    onError: (error) => notify.error(error, 'Não foi possível remover a integração'),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createIncomingWebhookBodySchema.safeParse({ name, allowOverrides });
    setNameError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) create.mutate();
  };

  return (
    <section className={styles.section} aria-label="Webhooks de entrada">
      <p className={styles.hint}>
        Ferramentas (CI, monitoramento, formulários) postam no grupo por uma URL, no formato do Slack. As mensagens aparecem com o nome da
        integração e o selo “bot”.
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormField label="Nome" htmlFor="incoming-webhook-name" error={nameError}>
          <Input id="incoming-webhook-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Ex.: Deploy" />
        </FormField>
        <NewWebhookImage name={name} value={image} onChange={setImage} />
        <Checkbox
          id="incoming-webhook-overrides"
          checked={allowOverrides}
          onCheckedChange={setAllowOverrides}
          label="Permitir que a ferramenta troque o nome e a imagem (username e icon_url)"
        />
        <Button type="submit" size="sm" loading={create.isPending}>
          Criar webhook de entrada
        </Button>
      </form>
      {shown && <ShownOnce id="incoming-webhook-url" label={`URL de “${shown.name}”.`} value={shown.url} />}
      {list.isPending ? (
        <Spinner size="sm" />
      ) : (
        <ul className={styles.list} aria-label="Webhooks de entrada do grupo">
          {list.data?.length === 0 && <li className={styles.empty}>Nenhum webhook de entrada.</li>}
          {list.data?.map((hook) => (
            <IncomingWebhookItem
              key={hook.id}
              groupId={groupId}
              hook={hook}
              onChanged={refresh}
              onAsk={(kind) => setAsking({ kind, id: hook.id, name: hook.name })}
            />
          ))}
        </ul>
      )}
      {asking && (
        <ConfirmDialog
          title={asking.kind === 'remove' ? 'Remover integração' : 'Gerar nova URL'}
          description={
            asking.kind === 'remove'
              ? `Remover “${asking.name}”? A URL dela para de funcionar na hora.`
              : `Gerar uma nova URL para “${asking.name}”? A URL atual para de funcionar na hora.`
          }
          confirmLabel={asking.kind === 'remove' ? 'Remover' : 'Gerar nova URL'}
          busy={regenerate.isPending || remove.isPending}
          onConfirm={() => (asking.kind === 'remove' ? remove.mutate(asking.id) : regenerate.mutate(asking.id))}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}
