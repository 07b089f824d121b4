import { PageHeader } from '@chat/ui';

/** SPEC section 2: /root/settings is a placeholder page titled 'Configurações'. */
export function RootSettingsPage() {
  return <PageHeader title="Configurações" />;
}
