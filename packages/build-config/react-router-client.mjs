// What the shell and the remotes use of react-router, shared under the name 'react-router'
// (see sharedDeps in index.mjs). A shared module cannot be tree-shaken, and the whole package
// (server rendering, sessions, cookies, RSC) is a large share of the sign-in page's first download;
// re-exporting only the client names lets the bundler drop the rest. react-router-dom re-exports
// this module (`export * from 'react-router'`), so both packages stay one shared instance.
// A name used anywhere in the apps must be listed here: shell/src/features/remotes/
// shared-router.test.ts fails otherwise.
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  createBrowserRouter,
  isRouteErrorResponse,
  useLocation,
  useNavigate,
  useParams,
  useBlocker,
  useRouteError,
  useSearchParams,
} from '#react-router-full';
