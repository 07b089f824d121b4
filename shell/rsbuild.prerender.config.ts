import { shellPrerenderConfig } from '@chat/build-config';

// The static sign-in page the server sends before the app runs (packages/build-config/prerender.mjs).
export default shellPrerenderConfig();
