import { MailPlus } from 'lucide-react';
import { Button, EmptyState } from '@chat/ui';
import styles from './members.module.css';

/**
 * A team of one (its admin) with nobody invited yet: what to do next, with the button that does
 * it, rather than a pointer to the header's menu.
 */
export function FirstInvitePrompt({ onInvite }: { onInvite: () => void }) {
  return (
    <EmptyState
      className={styles.firstInvite}
      icon={<MailPlus size={22} />}
      text="Você ainda é o único membro da equipe. Convide as pessoas pelo e-mail delas: o convite também fica em Convites pendentes, com um link para copiar e enviar por onde preferir."
      action={
        <Button size="sm" width="md" onClick={onInvite}>
          <MailPlus size={16} aria-hidden="true" />
          Convidar membro
        </Button>
      }
    />
  );
}
