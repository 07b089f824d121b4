import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { REMOTE_BASE_PATHS, type AppConfig, type RemoteName, type Role } from '@chat/contracts';
import { loadApiClient } from './shared/api/load-api-client';
import { loadAuthArea, loadRemoteRoute, loadRootArea } from './features/areas/area-modules';
import { NotFoundPage } from './features/errors/not-found-page';
import { RouterErrorPage } from './features/errors/router-error-page';
import { PublicLayout } from './features/navigation/public-layout';
import { preloadRemoteFor, registerConfiguredRemotes } from './features/remotes/federation';
import { SignInPage } from './features/sign-in/sign-in-page';

/**
 * The route tree of docs/produto.md, Telas. Only the sign-in page is in the first download; the
 * other public pages, the signed-in areas and the HTTP client come with the first route that needs
 * them, and each remote owns everything below its prefix.
 */
export function buildRoutes(config: AppConfig): RouteObject[] {
  const remoteRoute = (name: RemoteName, basePath: string, roles?: readonly Role[]) => async () => {
    // On a navigation inside the app (a page load has started it already, see bootstrap), the
    // remote's download starts with the area's chunks instead of after the route renders.
    registerConfiguredRemotes(config);
    preloadRemoteFor(basePath, config);
    const [[{ MountedRemote }, { RequireRole }]] = await Promise.all([loadRemoteRoute(), loadApiClient(config)]);
    const mounted = <MountedRemote name={name} basePath={basePath} />;
    return { element: roles ? <RequireRole roles={roles}>{mounted}</RequireRole> : mounted };
  };

  return [
    {
      errorElement: <RouterErrorPage />,
      children: [
        {
          path: '/',
          element: <PublicLayout />,
          children: [
            { index: true, element: <SignInPage /> },
            // Lazy: forms and schemas the sign-in page's first download does not need.
            { path: 'register', lazy: async () => ({ Component: (await import('./features/public-pages/register-page')).RegisterPage }) },
            {
              path: 'forgot-password',
              lazy: async () => ({ Component: (await import('./features/public-pages/forgot-password-page')).ForgotPasswordPage }),
            },
            {
              path: 'reset-password',
              lazy: async () => ({ Component: (await import('./features/public-pages/reset-password-page')).ResetPasswordPage }),
            },
            { path: 'sso', lazy: async () => ({ Component: (await import('./features/sso/sso-page')).SsoPage }) },
            {
              path: 'set-password',
              lazy: async () => ({ Component: (await import('./features/public-pages/set-password-page')).SetPasswordPage }),
            },
          ],
        },
        {
          path: '/auth',
          lazy: async () => ({ Component: (await loadAuthArea()).AuthArea }),
          children: [
            { index: true, element: <Navigate to="conversations" replace /> },
            { path: 'conversations/*', lazy: remoteRoute('chat', REMOTE_BASE_PATHS.chat) },
            { path: 'team/*', lazy: remoteRoute('team', REMOTE_BASE_PATHS.team, ['ADMIN']) },
            { path: 'settings/*', lazy: remoteRoute('settings', REMOTE_BASE_PATHS.settings) },
          ],
        },
        {
          path: '/root',
          lazy: async () => ({ Component: (await loadRootArea()).RootArea }),
          children: [
            { index: true, element: <Navigate to="workspaces" replace /> },
            { path: '*', lazy: remoteRoute('root', REMOTE_BASE_PATHS.root) },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export const createRouter = (config: AppConfig) => createBrowserRouter(buildRoutes(config));
