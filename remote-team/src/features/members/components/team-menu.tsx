import { MailPlus, UserPlus } from 'lucide-react';
import { ActionMenu, Button, type ActionMenuOption } from '@chat/ui';
import styles from './members.module.css';

interface Props {
  canCreate: boolean;
  onInvite: () => void;
  onCreate: () => void;
  /** Inside the page header (a solid button) or in the page itself when the remote runs alone. */
  inHeader: boolean;
}

/** The team page's header action: 'Convidar membro', and 'Criar Conta' with flag create_members. */
export function TeamMenu({ canCreate, onInvite, onCreate, inHeader }: Props) {
  const options: ActionMenuOption[] = [{ label: 'Convidar membro', icon: <MailPlus size={14} />, action: onInvite }];
  if (canCreate) options.push({ label: 'Criar Conta', icon: <UserPlus size={14} />, action: onCreate });
  return (
    <ActionMenu
      aria-label="Adicionar membro"
      options={options}
      trigger={
        <Button size="sm" variant={inHeader ? 'solid' : 'outline'} className={styles.menuButton}>
          <UserPlus size={16} aria-hidden="true" />
          Adicionar membro
        </Button>
      }
    />
  );
}
