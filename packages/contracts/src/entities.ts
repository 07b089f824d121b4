// Entity shapes as the server sends them (SPEC section 3, DESIGN section 2), one module per
// family: a bundle constructs only the schemas it imports (issue 18: the shell's first script
// needs the user's alone, and constructing every entity schema was a third of its longest task
// on a phone's CPU). Package.json lists no side effects here, so unused modules are left out.
export * from './entities/user';
export * from './entities/message';
export * from './entities/chats';
export * from './entities/workspace';
export * from './entities/api-key';
