import { describe, expect, it } from 'vitest';
import { REMOTES } from '@chat/build-config';
import { REMOTE_CONTAINERS, REMOTE_NAMES } from '@chat/contracts';

// The shell registers remotes by container name at runtime; the remotes get theirs at build
// time from build-config. A mismatch would only show as a failed load in the browser.
describe('remote container names', () => {
  it('match between the runtime registry and the build config', () => {
    for (const name of REMOTE_NAMES) expect(REMOTES[name].container).toBe(REMOTE_CONTAINERS[name]);
    expect(Object.keys(REMOTES).sort()).toEqual([...REMOTE_NAMES].sort());
  });
});
