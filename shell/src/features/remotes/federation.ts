import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_CONTAINERS, REMOTE_NAMES, REMOTE_ROLES, remoteForPath, type AppConfig, type RemoteName } from '@chat/contracts';
import type { ComponentType } from 'react';
import { slotFrame } from '../../shared/page-load/slot-frame';
import { yieldToMain } from '../../shared/page-load/yield-to-main';
import { storedRole } from '../../shared/session/stored-role';

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause: unknown,
  ) {
    super(`Não foi possível carregar o módulo "${remote}"`);
    this.name = 'RemoteLoadError';
    this.cause = cause;
  }
}

let registered = false;

/**
 * Registers the remotes named by /config.json, once. Nothing is downloaded here: a remote's
 * manifest and code are fetched only when a route that needs it is opened (or its link is
 * pointed at: preloadRemoteFor).
 */
export function registerConfiguredRemotes(config: AppConfig): void {
  if (registered) return;
  registered = true;
  registerRemotes(REMOTE_NAMES.map((name) => ({ name: REMOTE_CONTAINERS[name], entry: absolute(config.remotes[name]) })));
  const awaitedHooks: { beforeExecuteFactory: () => Promise<void> } = {
    async beforeExecuteFactory() {
      await slotFrame.painted();
      await yieldToMain();
    },
  };
  registerPlugins([
    {
      name: 'chat-remote-errors',
      // Logged here; the slot's error boundary shows the Portuguese panel. Rethrowing keeps one
      // error path instead of a silent fallback module.
      errorLoadRemote({ id, error }) {
        console.error(`[federation] falha ao carregar ${id}`, error);
        throw error;
      },
    },
    {
      name: 'chat-remote-tasks',
      // The remote's entry script, its container's start (the shared modules it takes)
      // and its ./App's modules each run for tens of milliseconds on a phone's CPU, and chained in
      // the entry's load event they were one long task. Each now starts in a task of its own,
      // and ./App's modules only once the frame around the remote's slot is on screen (slot-frame).
      async beforeInitContainer(args) {
        await yieldToMain();
        return args;
      },
      // The runtime awaits this hook (an AsyncHook), though its type declares a listener that
      // returns void: it comes in typed as what it is.
      ...awaitedHooks,
    },
  ]);
}

function absolute(url: string): string {
  return new URL(url, window.location.href).toString();
}

type RemoteModule = { default: ComponentType<never> };
const loads = new Map<RemoteName, Promise<RemoteModule>>();

/**
 * The remote's ./App, fetched once per page: its manifest, entry and chunks. Starting it early
 * (the route's loader, a hover on its link) lets the download run while the rest of the page
 * renders; RemoteSlot then gets the same promise. A failed load is forgotten, so that the next
 * attempt fetches again.
 */
export function loadRemoteApp<P>(name: RemoteName): Promise<{ default: ComponentType<P> }> {
  let load = loads.get(name);
  if (!load) {
    load = fetchRemoteApp(name);
    loads.set(name, load);
    load.catch(() => loads.delete(name));
  }
  return load as Promise<{ default: ComponentType<P> }>;
}

/**
 * Starts downloading the remote that owns `pathname` when the stored session may open it, without
 * waiting for it (a failure shows when the route renders). The shell calls it as soon as
 * /config.json arrives, before React renders, so that the remote's manifest, entry and chunks
 * come in parallel with the area's own chunks; and when a navigation link is pointed at.
 */
export function preloadRemoteFor(pathname: string, config: AppConfig): void {
  const name = remoteForPath(pathname);
  // Only a download is started: the role is read without validating the stored user (stored-role).
  if (!name || !(REMOTE_ROLES[name] as readonly unknown[]).includes(storedRole())) return;
  registerConfiguredRemotes(config);
  loadRemoteApp(name).catch(() => undefined);
}

async function fetchRemoteApp(name: RemoteName): Promise<RemoteModule> {
  try {
    const module = await loadRemote<RemoteModule>(`${REMOTE_CONTAINERS[name]}/App`);
    if (!module?.default) throw new Error('o módulo não exporta um componente padrão');
    return module;
  } catch (error) {
    throw new RemoteLoadError(name, error);
  }
}
