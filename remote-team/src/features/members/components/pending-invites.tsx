import { useState } from 'react';
import { Link2, Mail, RotateCw, X } from 'lucide-react';
import { cancelInvite, inviteUser } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type PendingInvite } from '@chat/contracts';
import { CollapsibleSection, IconButton, notify, toast } from '@chat/ui';
import { useTeamChange } from '../../../shared/use-team-change';
import styles from './members.module.css';

interface Props {
  invites: PendingInvite[];
}

const ROW_PX = 70;
const day = (iso: string) => new Date(iso).toLocaleDateString('pt-BR');

/** The invite's link to the clipboard, for the admin to pass on where mail does not reach. */
async function copyLink(invite: PendingInvite) {
  try {
    await navigator.clipboard.writeText(invite.link);
    toast({ type: 'success', title: 'Link copiado', description: `Envie para ${invite.email}: abre o cadastro já preenchido.` });
  } catch {
    // No clipboard permission (or an insecure origin): the link is shown to copy by hand.
    toast({ type: 'alert', title: 'Não foi possível copiar', description: invite.link, duration: 15_000 });
  }
}

/** Invites not yet used: each holds a seat until it is used, cancelled or expires. */
export function PendingInvites({ invites }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const { mutateAsync: resend } = useTeamChange('members', inviteUser);
  const { mutateAsync: cancel } = useTeamChange('members', cancelInvite);
  if (invites.length === 0) return null;

  const run = async (invite: PendingInvite, action: 'resend' | 'cancel') => {
    setBusy(invite.id);
    try {
      if (action === 'resend') {
        // A new invite replaces the pending one: new code, new 7 days.
        await resend({ email: invite.email });
        notify.success(SUCCESS_TEXTS.user.inviteSent);
      } else {
        await cancel(invite.id);
        notify.success(SUCCESS_TEXTS.user.inviteCancelled);
      }
    } catch (error) {
      notify.error(error, action === 'resend' ? ERROR_TEXTS.user.invite : ERROR_TEXTS.user.cancelInvite);
    } finally {
      setBusy(null);
    }
  };

  return (
    <CollapsibleSection
      title={
        <span className={styles.sectionTitle}>
          Convites pendentes <span className={styles.count}>{invites.length}</span>
        </span>
      }
      defaultOpen
      fit
      contentHeight={Math.min(300, invites.length * ROW_PX + 24)}
    >
      <ul className={styles.inviteList} aria-label="Convites pendentes">
        {invites.map((invite) => (
          <li key={invite.id} className={styles.row} aria-label={invite.email}>
            <span className={styles.inviteIcon} aria-hidden="true">
              <Mail size={16} />
            </span>
            <div className={styles.identity}>
              <span className={styles.name}>{invite.email}</span>
              <span className={styles.muted}>Expira em {day(invite.expiresAt)}</span>
            </div>
            <div className={styles.actions}>
              <IconButton
                aria-label={`Copiar link do convite para ${invite.email}`}
                title="Copiar link do convite"
                size="sm"
                variant="ghost"
                onClick={() => void copyLink(invite)}
              >
                <Link2 size={16} aria-hidden="true" />
              </IconButton>
              <IconButton
                aria-label={`Reenviar convite para ${invite.email}`}
                title="Reenviar convite"
                size="sm"
                variant="ghost"
                disabled={busy === invite.id}
                onClick={() => void run(invite, 'resend')}
              >
                <RotateCw size={16} aria-hidden="true" />
              </IconButton>
              <IconButton
                aria-label={`Cancelar convite para ${invite.email}`}
                title="Cancelar convite"
                size="sm"
                variant="ghost"
                colorType="destructive"
                disabled={busy === invite.id}
                onClick={() => void run(invite, 'cancel')}
              >
                <X size={16} aria-hidden="true" />
              </IconButton>
            </div>
          </li>
        ))}
      </ul>
    </CollapsibleSection>
  );
}
