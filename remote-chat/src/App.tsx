import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@chat/contracts';
import { ConversationsScreen } from './features/layout/conversations-screen';

/** remote-chat: everything under /auth/conversations (docs/produto.md, Telas). */
export default function App(props: RemoteAppProps) {
  return (
    <Routes>
      <Route path=":id?/:type?" element={<ConversationsScreen {...props} />} />
    </Routes>
  );
}
