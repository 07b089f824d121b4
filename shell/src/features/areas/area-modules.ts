// The signed-in areas' code, one import expression each, so that the router and the first
// script (preload-area.ts) load the same chunks. The chunk names are read by the build
// (packages/build-config/route-preloads.mjs), which lists each area's chunks for the server to
// preload in the page: keep a name here and in AREA_CHUNK_GROUPS together.
export const loadAuthArea = () => import(/* webpackChunkName: "area-auth" */ './auth-area');
export const loadRootArea = () => import(/* webpackChunkName: "area-root" */ './root-area');

/** What a remote's route renders around the remote: its slot and the role guard. */
export const loadRemoteRoute = () =>
  Promise.all([
    import(/* webpackChunkName: "area-remote-route" */ '../remotes/mounted-remote'),
    import(/* webpackChunkName: "area-remote-route" */ '../navigation/guards'),
  ]);
