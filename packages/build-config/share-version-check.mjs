// A Module Federation runtime plugin, bundled into the shell and every remote (runtimePlugins in
// index.mjs): the check that the singleton a page already has satisfies an app's requiredVersion,
// done without the runtime's semver module. That module builds about ten regular expressions on
// each check, and the first checks of a page compile them: on a phone's CPU (Lighthouse mobile's
// 4x slowdown) the sign-in page's checks took a visible part of its first long task, for an answer
// that is at most a console warning (seen with Chromium's CPU profiler, see the closing note).
// Every requiredVersion the build writes is a caret range of a plain version (sharedDeps); any
// other range, a strict or non-singleton share, or a tree-shaken one keeps the runtime's resolver.

const PLAIN = /^(\d+)\.(\d+)\.(\d+)$/;

/** [major, minor, patch] of a plain version ('19.3.1'), or null (pre-release, build, range...). */
export function parseVersion(text) {
  const match = PLAIN.exec(text);
  return match ? match.slice(1, 4).map(Number) : null;
}

/**
 * Whether a plain version satisfies the caret range of a plain version, as npm's semver reads it:
 * the leftmost non-zero part is fixed, the rest may only grow (^1.2.3 := >=1.2.3 <2.0.0,
 * ^0.2.3 := >=0.2.3 <0.3.0, ^0.0.3 := =0.0.3).
 */
export function satisfiesCaret(version, base) {
  const firstNonZero = base.findIndex((part) => part !== 0);
  const pinned = firstNonZero === -1 ? 3 : firstNonZero + 1;
  for (let i = 0; i < pinned; i += 1) if (version[i] !== base[i]) return false;
  return compare(version, base) >= 0;
}

function compare(a, b) {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

export default function shareVersionCheck() {
  return {
    name: 'chat-share-version-check',
    resolveShare(args) {
      const { shareScopeMap, scope, pkgName, version, shareInfo } = args;
      const { singleton, strictVersion, requiredVersion } = shareInfo.shareConfig ?? {};
      const base = typeof requiredVersion === 'string' && requiredVersion.startsWith('^') ? parseVersion(requiredVersion.slice(1)) : null;
      const found = typeof version === 'string' ? parseVersion(version) : null;
      if (!singleton || strictVersion || shareInfo.treeShaking || !base || !found) return args;
      args.resolver = () => {
        const shared = shareScopeMap[scope][pkgName][version];
        // The runtime's own wording: a singleton is used whatever its version, with a warning.
        if (!satisfiesCaret(found, base)) {
          console.warn(
            `Version ${version} from ${shared?.from} of shared singleton module ${pkgName} does not satisfy the requirement of ${shareInfo.from} which needs ${requiredVersion}`,
          );
        }
        return { shared, useTreesShaking: false };
      };
      return args;
    },
  };
}
