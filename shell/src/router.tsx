import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from './features/errors/not-found-page';
import { RouterErrorPage } from './features/errors/router-error-page';
import { AuthLayout } from './features/navigation/auth-layout';
import { RequireRole } from './features/navigation/guards';
import { PublicLayout } from './features/navigation/public-layout';
import { RootLayout } from './features/navigation/root-layout';
import { ResetPasswordPage } from './features/public-pages/reset-password-page';
import { UnderConstructionPage } from './features/public-pages/under-construction-page';
import { MountedRemote } from './features/remotes/mounted-remote';
import { SignInPage } from './features/sign-in/sign-in-page';

// The route tree of SPEC section 2. Each remote owns everything below its prefix.
export const routes: RouteObject[] = [
  {
    errorElement: <RouterErrorPage />,
    children: [
      {
        path: '/',
        element: <PublicLayout />,
        children: [
          { index: true, element: <SignInPage /> },
          { path: 'register', element: <UnderConstructionPage title="Criar conta" /> },
          { path: 'forgot-password', element: <UnderConstructionPage title="Esqueci minha senha" /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
        ],
      },
      {
        path: '/auth',
        element: (
          <RequireRole roles={['ADMIN', 'USER']}>
            <AuthLayout />
          </RequireRole>
        ),
        children: [
          { index: true, element: <Navigate to="conversations" replace /> },
          { path: 'conversations/*', element: <MountedRemote name="chat" basePath="/auth/conversations" /> },
          {
            path: 'team/*',
            element: (
              <RequireRole roles={['ADMIN']}>
                <MountedRemote name="team" basePath="/auth/team" />
              </RequireRole>
            ),
          },
          { path: 'settings/*', element: <MountedRemote name="settings" basePath="/auth/settings" /> },
        ],
      },
      {
        path: '/root',
        element: (
          <RequireRole roles={['ROOT']}>
            <RootLayout />
          </RequireRole>
        ),
        children: [
          { index: true, element: <Navigate to="workspaces" replace /> },
          { path: '*', element: <MountedRemote name="root" basePath="/root" /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
