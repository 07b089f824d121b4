import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ListChecks, Trash2 } from 'lucide-react';
import { createOutgoingWebhook, deleteOutgoingWebhook, listOutgoingWebhooks } from '@chat/api-client';
import { createOutgoingWebhookBodySchema, type OutgoingTrigger, type OutgoingWebhookCreated } from '@chat/contracts';
import { Button, FormField, IconButton, Input, notify, Spinner } from '@chat/ui';
import { ConfirmDialog } from './confirm-dialog';
import { DeliveryLog } from './delivery-log';
import { ShownOnce } from './shown-once';
import styles from './integrations.module.css';

const outgoingKey = (groupId: string) => ['group-integrations', groupId, 'outgoing'] as const;

export const TRIGGER_TEXTS: Record<OutgoingTrigger, string> = {
  all: 'Todas as mensagens',
  mention: 'Só as que mencionam @nome',
};

/** 'Webhooks de saída': an https address receives the group's new messages, signed (the secret is shown once). */
export function OutgoingWebhooksSection({ groupId }: { groupId: string }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: outgoingKey(groupId), queryFn: () => listOutgoingWebhooks(groupId) });
  const [form, setForm] = useState<{ name: string; url: string; trigger: OutgoingTrigger }>({ name: '', url: '', trigger: 'all' });
  const [errors, setErrors] = useState<Partial<Record<'name' | 'url', string>>>({});
  const [shown, setShown] = useState<OutgoingWebhookCreated | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: outgoingKey(groupId) });

  const create = useMutation({
    mutationFn: () => createOutgoingWebhook(groupId, form),
    onSuccess: ({ data }) => {
      setShown(data);
      setForm({ name: '', url: '', trigger: 'all' });
      refresh();
    },
    onError: (error) => notify.error(error, 'Não foi possível criar a integração'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteOutgoingWebhook(groupId, id),
    onSuccess: (_, id) => {
      if (shown?.id === id) setShown(null);
      setRemoving(null);
      notify.success('Integração removida');
      refresh();
    },
    onError: (error) => notify.error(error, 'Não foi possível remover a integração'),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createOutgoingWebhookBodySchema.safeParse(form);
    const found: typeof errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as 'name' | 'url'] ??= issue.message;
    setErrors(found);
    if (parsed.success) create.mutate();
  };

  return (
    <section className={styles.section} aria-label="Webhooks de saída">
      <p className={styles.hint}>
        Um endereço https recebe as mensagens novas do grupo, assinadas com HMAC-SHA256 (cabeçalhos x-papo-timestamp e x-papo-signature).
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormField label="Nome" htmlFor="outgoing-webhook-name" error={errors.name}>
          <Input
            id="outgoing-webhook-name"
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            placeholder="Ex.: Robo"
          />
        </FormField>
        <FormField label="Endereço" htmlFor="outgoing-webhook-url" error={errors.url}>
          <Input
            id="outgoing-webhook-url"
            type="url"
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.target.value })}
            placeholder="https://exemplo.com/papo"
          />
        </FormField>
        <FormField label="Recebe" htmlFor="outgoing-webhook-trigger">
          <select
            id="outgoing-webhook-trigger"
            className={styles.select}
            value={form.trigger}
            onChange={(e) => setForm({ ...form, trigger: e.target.value as OutgoingTrigger })}
          >
            {(Object.keys(TRIGGER_TEXTS) as OutgoingTrigger[]).map((trigger) => (
              <option key={trigger} value={trigger}>
                {TRIGGER_TEXTS[trigger]}
              </option>
            ))}
          </select>
        </FormField>
        <Button type="submit" size="sm" loading={create.isPending}>
          Criar webhook de saída
        </Button>
      </form>
      {shown && <ShownOnce id="outgoing-webhook-secret" label={`Segredo de assinatura de “${shown.name}”.`} value={shown.secret} />}
      {list.isPending ? (
        <Spinner size="sm" />
      ) : (
        <ul className={styles.list} aria-label="Webhooks de saída do grupo">
          {list.data?.length === 0 && <li className={styles.empty}>Nenhum webhook de saída.</li>}
          {list.data?.map((hook) => (
            <li key={hook.id} className={styles.itemBlock}>
              <div className={styles.item}>
                <span className={styles.itemText}>
                  <span className={styles.itemName}>{hook.name}</span>
                  <span className={styles.muted}>
                    {hook.url} · {TRIGGER_TEXTS[hook.trigger]}
                  </span>
                </span>
                <IconButton
                  aria-label={`Entregas de ${hook.name}`}
                  aria-expanded={logOf === hook.id}
                  title="Entregas"
                  onClick={() => setLogOf(logOf === hook.id ? null : hook.id)}
                >
                  <ListChecks size={16} />
                </IconButton>
                <IconButton
                  aria-label={`Remover ${hook.name}`}
                  title="Remover"
                  onClick={() => setRemoving({ id: hook.id, name: hook.name })}
                >
                  <Trash2 size={16} />
                </IconButton>
              </div>
              {logOf === hook.id && <DeliveryLog groupId={groupId} webhookId={hook.id} />}
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          title="Remover integração"
          description={`Remover “${removing.name}”? O endereço deixa de receber as mensagens do grupo.`}
          confirmLabel="Remover"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(removing.id)}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
