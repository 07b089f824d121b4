// Side effect (pt-BR messages). package.json "sideEffects" lists this file and zod-locale.ts: a
// bundler that skipped this barrel as side-effect free would drop the locale with it.
import './zod-locale';
export * from './constants';
export * from './entities';
export * from './api';
export * from './config';
export * from './feature-flags';
export * from './errors';
export * from './login-texts';
export * from './socket-events';
export * from './remote-props';
export * from './schemas/fields';
export * from './schemas/params';
export * from './schemas/auth';
export * from './schemas/members';
export * from './schemas/profile';
export * from './schemas/polygons';
export * from './schemas/api-keys';
export * from './schemas/workspaces';
export * from './schemas/messages';
export * from './schemas/groups';
export * from './schemas/conversations';
export * from './schemas/chat-lookups';
