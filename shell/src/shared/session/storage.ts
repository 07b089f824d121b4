import { STORAGE_KEYS, storedUserSchema, type StoredUser, type TokenPair } from '@chat/contracts';

// The only module that touches the stored session (three prefixed keys).
export interface StoredSession {
  user: StoredUser | null;
  token: string | null;
  refreshToken: string | null;
}

export function readSession(storage: Storage = localStorage): StoredSession {
  return {
    user: readUser(storage),
    token: storage.getItem(STORAGE_KEYS.token),
    refreshToken: storage.getItem(STORAGE_KEYS.refreshToken),
  };
}

function readUser(storage: Storage): StoredUser | null {
  const raw = storage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = storedUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSession(user: StoredUser, tokens: TokenPair, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  storage.setItem(STORAGE_KEYS.token, tokens.accessToken);
  storage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

/** A newer copy of the signed-in user; the tokens stay. */
export function writeUser(user: StoredUser, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** After a renewal: the new pair replaces the stored one; the user stays. */
export function writeTokens(tokens: TokenPair, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.token, tokens.accessToken);
  storage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

export function clearSession(storage: Storage = localStorage): void {
  storage.removeItem(STORAGE_KEYS.user);
  storage.removeItem(STORAGE_KEYS.token);
  storage.removeItem(STORAGE_KEYS.refreshToken);
}
