import { ArrowLeft, Bell, BellOff, Info } from 'lucide-react';
import { ACTION_TEXTS } from '../lib/action-texts';
import { ActionMenu, Avatar, IconButton } from '@chat/ui';
import { otherParticipant, type ChatTarget } from '../../../shared/chat-types';
import { lastSeenText } from '../../../shared/dates';
import { memberSummary } from '../../../shared/group-updates';
import { usePeerTyping } from '../hooks/use-peer-typing';
import { type PresenceState, usePresence } from '../hooks/use-presence';
import styles from './chat-view.module.css';

interface Props {
  target: ChatTarget;
  meId: string;
  onTogglePanel: () => void;
  /** Shown on phones only (CSS), where the chat covers the list. */
  onBack?: () => void;
  /** 'Silenciar' / 'Reativar som'. */
  muted?: boolean;
  onToggleMute?: () => void;
}

export const TYPING_TEXT = 'Digitando...';

/** 'online', or when an offline contact was last seen ('offline' when that is not known). */
const presenceText = ({ status, lastSeenAt }: PresenceState) => (status === 'offline' && lastSeenAt ? lastSeenText(lastSeenAt) : status);

export function ChatHeader({ target, meId, onTogglePanel, onBack, muted, onToggleMute }: Props) {
  const other = target.kind === 'conversation' ? otherParticipant(target.conversation, meId) : null;
  const presence = usePresence(other?.id ?? null);
  const typing = usePeerTyping(target.kind === 'conversation' ? target.conversation.id : null, other?.id ?? null);
  const name = target.kind === 'group' ? target.group.name : other!.name;
  const avatarUrl = target.kind === 'group' ? target.group.avatarUrl : other!.avatarUrl;
  const colorKey = target.kind === 'group' ? target.group.id : other!.id;
  // docs/produto.md, Regras de conversa: 'Digitando...' while the other person types and is online.
  const typingShown = typing && presence?.status === 'online';
  // Group status line (docs/produto.md, Telas): the members' nicknames, the first few of a big group.
  const status = target.kind === 'group' ? memberSummary(target.group) : typingShown ? TYPING_TEXT : presence && presenceText(presence);

  return (
    <header className={styles.header}>
      {onBack && (
        <IconButton aria-label="Voltar" title="Voltar às conversas" className={styles.back} onClick={onBack}>
          <ArrowLeft size={20} aria-hidden="true" />
        </IconButton>
      )}
      <button type="button" className={styles.headerMain} onClick={onTogglePanel} title="Ver detalhes">
        <Avatar name={name} colorKey={colorKey} src={avatarUrl} size="md" />
        <span className={styles.headerText}>
          <span className={styles.headerName}>{name}</span>
          {status && (
            <span className={styles.headerStatus} data-presence={presence?.status} data-typing={typingShown ? '' : undefined}>
              {status}
            </span>
          )}
        </span>
      </button>
      {muted && <BellOff size={16} aria-label="Silenciada" className={styles.mutedIcon} />}
      <ActionMenu
        options={[
          { label: target.kind === 'group' ? 'Dados do grupo' : 'Dados do contato', icon: <Info size={14} />, action: onTogglePanel },
          ...(onToggleMute
            ? [
                {
                  label: muted ? ACTION_TEXTS.unmute : ACTION_TEXTS.mute,
                  icon: muted ? <Bell size={14} /> : <BellOff size={14} />,
                  action: onToggleMute,
                },
              ]
            : []),
        ]}
      />
    </header>
  );
}
