import type { RsbuildConfig } from '@rsbuild/core';

type RemoteName = 'chat' | 'team' | 'settings' | 'root';
interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
}

export declare const SINGLETON_DEPS: string[];
export declare const WORKSPACE_SINGLETONS: string[];
export declare const REMOTES: Record<RemoteName, { container: string; devPort: number }>;
export declare const SHELL_DEV_PORT: number;
export declare const SERVER_PORT: number;
export declare function sharedDeps(
  appPackageJson: PackageJson,
): Record<string, { singleton: true; requiredVersion: string; version?: string; import?: string }>;
export declare function remoteConfig(options: { remote: RemoteName; packageJson: PackageJson }): RsbuildConfig;
export declare function shellConfig(options: { packageJson: PackageJson }): RsbuildConfig;
export declare function shellPrerenderConfig(): RsbuildConfig;
