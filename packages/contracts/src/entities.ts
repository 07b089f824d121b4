// Entity shapes as the server sends them, one module per
// family: a bundle constructs only the schemas it imports (the shell's first script
// needs the user's alone, and constructing every entity schema was a large share of its longest
// task on a phone's CPU). Package.json lists no side effects here, so unused modules are left out.
export * from './entities/user';
export * from './entities/content-types';
export * from './entities/message';
export * from './entities/chats';
export * from './entities/system-line';
export * from './entities/workspace';
export * from './entities/api-key';
