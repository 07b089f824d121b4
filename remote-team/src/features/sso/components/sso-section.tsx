import { useId } from 'react';
import { WorkspaceSsoSettings } from '@chat/ui';
import styles from './sso-section.module.css';

interface Props {
  workspace: { id: string; name: string };
}

/** 'Entrada pela conta da empresa' on the team page, shown to the ADMIN when ROOT allows it (flag admin_sso). */
export default function SsoSection({ workspace }: Props) {
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Entrada pela conta da empresa
      </h2>
      <p className={styles.help}>
        Os membros entram com a conta que já usam na empresa (OpenID Connect). O ROOT liberou esta configuração para você e pode desfazê-la.
      </p>
      <WorkspaceSsoSettings workspace={workspace} />
    </section>
  );
}
