import { EmptyState, PageHeader } from '@chat/ui';

/** docs/produto.md, Telas: /root/settings is a placeholder page titled 'Configurações'. */
export function RootSettingsPage() {
  return (
    <>
      <PageHeader title="Configurações" />
      <EmptyState text="Nenhuma configuração disponível para o super-usuário no momento." />
    </>
  );
}
