import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@chat/contracts';
import { ConversationsScreen } from './features/layout/conversations-screen';
import { createQueryClient } from '@chat/ui';

// One client for the life of the page: the cache outlives a visit to another remote's route.
const queryClient = createQueryClient();

/** remote-chat: everything under /auth/conversations (docs/produto.md, Telas). */
export default function App(props: RemoteAppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path=":id?/:type?" element={<ConversationsScreen {...props} />} />
      </Routes>
    </QueryClientProvider>
  );
}
