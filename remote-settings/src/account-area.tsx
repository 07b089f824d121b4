import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RemoteAppProps } from '@chat/contracts';
import { createQueryClient } from '@chat/ui';
import { AccountPage } from './account-page';

/**
 * The root of everything in remote-settings that holds server data: the menu shows none, so the
 * query client (and TanStack Query itself) loads with 'Conta', not with the menu. Its own client:
 * the remote may be mounted alone.
 */
export function AccountArea(props: RemoteAppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AccountPage {...props} />
    </QueryClientProvider>
  );
}
