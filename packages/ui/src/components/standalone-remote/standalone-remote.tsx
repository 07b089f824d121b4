import { type ComponentType, useState } from 'react';
import { createBrowserRouter, Link, RouterProvider } from 'react-router-dom';
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
  // A data router, as the shell's: the remotes' pages use what only such a router has (useBlocker).
  const [router] = useState(() =>
    createBrowserRouter([
      { path: `${basePath}/*`, element: <App {...props} /> },
      { path: '*', element: <Link to={basePath}>Abrir {basePath} (modo isolado)</Link> },
    ]),
  );
  return (
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>
  );
}
