import type { Db } from '../types';

/**
 * What `build` makes of a database handle (prepared statements), made on its first use
 * with that handle and kept as long as the handle lives. The statements are built and prepared
 * once; every call then only binds its values. Tests open several databases in one process, so
 * one per handle rather than one per module.
 */
export function oncePerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = build(db)));
    return value;
  };
}
