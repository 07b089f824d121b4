import type { ComponentType } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { APP_VERSION, type RemoteAppProps } from '@chat/contracts';
import { ToastProvider } from '../toast/toast-provider';

const DEV_USER: RemoteAppProps['user'] = {
  id: '00000000-0000-4000-8000-000000000000',
  name: 'Pessoa de Desenvolvimento',
  nickName: 'dev',
  email: 'dev@localhost',
  role: 'ADMIN',
  avatarUrl: null,
  workspaces: [],
};

export interface StandaloneRemoteProps {
  basePath: string;
  App: ComponentType<RemoteAppProps>;
}

/**
 * Runs a remote by itself in development (docs/arquitetura.md, Implantar um remote sozinho), for
 * the team that owns it: the same App under its route prefix, with a placeholder user and no API
 * session.
 */
export function StandaloneRemote({ basePath, App }: StandaloneRemoteProps) {
  const props: RemoteAppProps = {
    basePath,
    user: DEV_USER,
    flags: [],
    headerSlot: null,
    config: {
      version: APP_VERSION,
      apiBaseUrl: '/api',
      socketUrl: '',
      remotes: { chat: '', team: '', settings: '', root: '' },
      flags: { featuredWorkspaceId: null, productionOrigin: null },
    },
  };
  return (
    <ToastProvider>
      <BrowserRouter>
        <Routes>
          <Route path={`${basePath}/*`} element={<App {...props} />} />
          <Route path="*" element={<Link to={basePath}>Abrir {basePath} (modo isolado)</Link>} />
        </Routes>
      </BrowserRouter>
    </ToastProvider>
  );
}
