import { Link } from 'react-router-dom';
import type { RemoteAppProps } from '@chat/contracts';
import { CollapsibleSection } from '@chat/ui';
import { ArrowLeft } from 'lucide-react';
import { ApiKeySection } from './features/api-key/components/api-key-section';
import { PasswordForm } from './features/password/components/password-form';
import { ProfileForm } from './features/profile/components/profile-form';
import { SessionsSection } from './features/sessions/components/sessions-section';
import styles from './account-page.module.css';

// Collapsible sections open to 300 px and scroll (docs/produto.md, Validação e limites); these
// hold forms, so each fits its content up to its cap, and on a phone shows all of it (a box
// scrolling inside the page hid the last row, the form's button). The key section holds a card, a
// form, the new key and a warning, which at 300 px meant scrolling inside a box to read one screen.
const INTEGRATIONS_HEIGHT_PX = 620;
// Segurança holds the password form (three fields, the API key checkbox, the button) and the list
// of sessions below it.
const SECURITY_HEIGHT_PX = 640;

/**
 * 'Conta' (docs/produto.md, Telas), composed here from the features: personal info and security
 * hidden under disable_edit_personal_info.
 */
export function AccountPage({ basePath, flags, user, config }: RemoteAppProps) {
  const canEditPersonalInfo = !flags.includes('disable_edit_personal_info');
  return (
    <div className={styles.account}>
      <Link className={styles.back} to={basePath}>
        <ArrowLeft size={16} aria-hidden /> Voltar
      </Link>
      {canEditPersonalInfo && (
        <>
          <CollapsibleSection title="Informações pessoais" fit>
            {/* Keyed by the stored user: a newer copy (user:updated) restarts the form from it. */}
            <ProfileForm key={`${user.name}|${user.nickName}|${user.avatarUrl ?? ''}`} user={user} />
          </CollapsibleSection>
          <CollapsibleSection title="Segurança" fit contentHeight={SECURITY_HEIGHT_PX}>
            <PasswordForm />
            <SessionsSection />
          </CollapsibleSection>
        </>
      )}
      <CollapsibleSection title="Integrações" fit contentHeight={INTEGRATIONS_HEIGHT_PX}>
        <ApiKeySection apiBaseUrl={config.apiBaseUrl} />
      </CollapsibleSection>
    </div>
  );
}
