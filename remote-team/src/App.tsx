import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RemoteAppProps } from '@chat/contracts';
import { createQueryClient } from '@chat/ui';
import { TeamPage } from './team-page';

/** remote-team: /auth/team, for workspace administrators (docs/produto.md, Telas). Its own query client: it may be mounted alone. */
export default function App(props: RemoteAppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TeamPage {...props} />
    </QueryClientProvider>
  );
}
