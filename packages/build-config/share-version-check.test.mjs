import { satisfy } from '@module-federation/runtime-core';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import shareVersionCheck, { parseVersion, satisfiesCaret } from './share-version-check.mjs';

const part = fc.integer({ min: 0, max: 12 });
const plainVersion = fc.tuple(part, part, part);

describe('satisfiesCaret', () => {
  it('answers as the Module Federation runtime does for every plain version and caret range', () => {
    fc.assert(
      fc.property(plainVersion, plainVersion, (version, base) => {
        expect(satisfiesCaret(version, base)).toBe(satisfy(version.join('.'), `^${base.join('.')}`));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['19.3.1', '19.3.1', true],
    ['19.4.0', '19.3.1', true],
    ['19.3.0', '19.3.1', false],
    ['20.0.0', '19.3.1', false],
    ['0.2.9', '0.2.3', true],
    ['0.3.0', '0.2.3', false],
    ['0.0.3', '0.0.3', true],
    ['0.0.4', '0.0.3', false],
  ])('%s against ^%s: %s', (version, base, expected) => {
    expect(satisfiesCaret(parseVersion(version), parseVersion(base))).toBe(expected);
  });
});

describe('parseVersion', () => {
  it('reads only plain versions', () => {
    expect(parseVersion('7.18.0')).toEqual([7, 18, 0]);
    for (const text of ['7.18', '7.18.0-beta.1', '7.18.0+build', '>=7.18.0', 'x', '']) expect(parseVersion(text)).toBeNull();
  });
});

/** The arguments the runtime's resolveShare hook receives (runtime-core utils/share.js). */
function hookArgs(shareConfig, version = '19.3.1') {
  const shared = { from: 'shell', version };
  const original = vi.fn(() => ({ shared, useTreesShaking: false }));
  return {
    shared,
    original,
    args: {
      shareScopeMap: { default: { react: { [version]: shared } } },
      scope: 'default',
      pkgName: 'react',
      version,
      shareInfo: { from: 'remote_chat', shareConfig },
      resolver: original,
    },
  };
}

describe('the resolveShare hook', () => {
  const plugin = shareVersionCheck();
  afterEach(() => vi.restoreAllMocks());

  it('hands over the registered singleton without the runtime resolver, silently when the version fits', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { args, shared, original } = hookArgs({ singleton: true, requiredVersion: '^19.0.0' });
    expect(plugin.resolveShare(args).resolver()).toEqual({ shared, useTreesShaking: false });
    expect(original).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('still hands over the singleton when its version does not fit, and warns as the runtime does', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { args, shared } = hookArgs({ singleton: true, requiredVersion: '^20.0.0' });
    expect(plugin.resolveShare(args).resolver()).toEqual({ shared, useTreesShaking: false });
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(
        'Version 19.3.1 from shell of shared singleton module react does not satisfy the requirement of remote_chat which needs ^20.0.0',
      ),
    );
  });

  it.each([
    ['a share that is not a singleton', { singleton: false, requiredVersion: '^19.0.0' }, '19.3.1'],
    [
      'a strict singleton (the runtime throws on a mismatch)',
      { singleton: true, strictVersion: true, requiredVersion: '^19.0.0' },
      '19.3.1',
    ],
    ['a range that is not a caret of a plain version', { singleton: true, requiredVersion: '>=19 <21' }, '19.3.1'],
    ['no required version', { singleton: true, requiredVersion: false }, '19.3.1'],
    ['a pre-release version', { singleton: true, requiredVersion: '^19.0.0' }, '19.4.0-rc.1'],
  ])('leaves %s to the runtime', (_case, shareConfig, version) => {
    const { args, original } = hookArgs(shareConfig, version);
    expect(plugin.resolveShare(args).resolver).toBe(original);
  });
});
