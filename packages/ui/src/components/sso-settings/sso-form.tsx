import { useState, type FormEvent } from 'react';
import type { SsoConfigBody, SsoConfigResponse } from '@chat/contracts';
import { Button } from '../button/button';
import { FormField } from '../form-field/form-field';
import { Input } from '../input/input';
import { PasswordInput } from '../password-input/password-input';
import { Switch } from '../switch/switch';
import { Textarea } from '../textarea/textarea';
import { initialSsoValues, type SsoFieldErrors, type SsoFormValues, toSsoBody } from './sso-form-values';
import styles from './sso-form.module.css';

interface Props {
  workspaceName: string;
  current: SsoConfigResponse;
  /** Reports its own failures: the form only waits for it. */
  onSubmit: (body: SsoConfigBody) => Promise<void>;
}

const SWITCHES: { field: 'enabled' | 'createMembers' | 'allowPassword'; label: string; description: string }[] = [
  { field: 'enabled', label: 'Ligada', description: 'Mostra a entrada pela empresa para os e-mails destes domínios.' },
  {
    field: 'createMembers',
    label: 'Criar contas na primeira entrada',
    description: 'Quem é de um domínio permitido e ainda não tem conta entra como membro (conta no limite de membros).',
  },
  {
    field: 'allowPassword',
    label: 'Permitir também entrar com senha',
    description: 'Desligado, todos deste workspace, inclusive o administrador, só entram pela conta da empresa.',
  },
];

/**
 * The form of a workspace's OpenID Connect provider (docs/produto.md, Entrar com a conta da
 * empresa), for ROOT and for the workspace's ADMIN when ROOT allows it.
 */
export function SsoForm({ workspaceName, current, onSubmit }: Props) {
  const [values, setValues] = useState<SsoFormValues>(() => initialSsoValues(current.config, workspaceName));
  const [errors, setErrors] = useState<SsoFieldErrors>({});
  const [saving, setSaving] = useState(false);
  const stored = current.config;
  const set = <K extends keyof SsoFormValues>(field: K, value: SsoFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const id = (field: string) => `sso-${field}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = toSsoBody(values, stored !== null);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(result.body);
      set('clientSecret', '');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <p className={styles.intro}>
        No provedor de identidade, cadastre o Papo como aplicação web com este endereço de retorno:{' '}
        <code className={styles.code}>{current.redirectUri}</code>
      </p>
      <FormField label="Endereço do provedor (issuer)" htmlFor={id('issuer')} error={errors.issuer}>
        <Input
          id={id('issuer')}
          type="url"
          autoComplete="off"
          placeholder="https://login.empresa.com.br"
          value={values.issuer}
          onChange={(e) => set('issuer', e.target.value)}
        />
      </FormField>
      <div className={styles.row}>
        <FormField label="Identificador do cliente" htmlFor={id('clientId')} error={errors.clientId}>
          <Input id={id('clientId')} autoComplete="off" value={values.clientId} onChange={(e) => set('clientId', e.target.value)} />
        </FormField>
        <FormField
          label="Segredo do cliente"
          htmlFor={id('clientSecret')}
          error={errors.clientSecret}
          hint={stored ? `Guardado: ${stored.clientSecretPreview}. Deixe vazio para manter.` : undefined}
        >
          <PasswordInput
            id={id('clientSecret')}
            autoComplete="new-password"
            value={values.clientSecret}
            onChange={(e) => set('clientSecret', e.target.value)}
          />
        </FormField>
      </div>
      <FormField
        label="Domínios de e-mail permitidos"
        htmlFor={id('domains')}
        error={errors.domains}
        hint="Separados por vírgula: empresa.com.br, filial.com"
      >
        <Textarea id={id('domains')} rows={2} value={values.domains} onChange={(e) => set('domains', e.target.value)} />
      </FormField>
      <FormField
        label="Endereço do workspace"
        htmlFor={id('slug')}
        error={errors.slug}
        hint={`Link direto: ${linkBase(current.redirectUri)}/sso/${values.slug || '...'}`}
      >
        <Input id={id('slug')} autoComplete="off" value={values.slug} onChange={(e) => set('slug', e.target.value)} />
      </FormField>
      <fieldset className={styles.features}>
        <legend className={styles.legend}>Regras</legend>
        {SWITCHES.map(({ field, label, description }) => (
          <div key={field} className={styles.feature}>
            <div className={styles.featureText}>
              <label htmlFor={id(field)} className={styles.featureLabel}>
                {label}
              </label>
              <p id={`${id(field)}-description`} className={styles.featureDescription}>
                {description}
              </p>
            </div>
            <Switch
              id={id(field)}
              aria-describedby={`${id(field)}-description`}
              checked={values[field]}
              onCheckedChange={(on) => set(field, on)}
            />
          </div>
        ))}
      </fieldset>
      <p className={styles.hint}>O ROOT sempre entra com senha.</p>
      <Button type="submit" loading={saving}>
        Salvar
      </Button>
    </form>
  );
}

/** The app's address, from the redirect URI the server reports (APP_URL/api/sso/callback). */
const linkBase = (redirectUri: string) => redirectUri.replace(/\/api\/sso\/callback$/, '');
