// zod's pt-BR messages: every module that builds schemas imports './zod-locale' itself (the one
// file package.json lists as a side effect), so a bundler keeps the locale exactly when a schema
// is used, and a constants-only import pulls in no zod at all.
export * from './constants';
export * from './entities';
export * from './api';
export * from './config';
export * from './remote-routes';
export * from './first-calls';
export * from './feature-flags';
export * from './errors';
export * from './login-texts';
export * from './outbox-texts';
export * from './mentions';
export * from './socket-events';
export * from './remote-props';
export * from './schemas/fields';
export * from './schemas/visible-text';
export * from './schemas/params';
export * from './schemas/auth';
export * from './schemas/sessions';
export * from './schemas/members';
export * from './schemas/profile';
export * from './schemas/polygons';
export * from './schemas/api-keys';
export * from './schemas/workspaces';
export * from './schemas/messages';
export * from './schemas/media-files';
export * from './message-preview';
export * from './schemas/message-actions';
export * from './schemas/groups';
export * from './schemas/conversations';
export * from './schemas/chat-list-page';
export * from './schemas/chat-lookups';
export * from './schemas/message-search';
