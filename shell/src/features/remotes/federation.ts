import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_CONTAINERS, REMOTE_NAMES, type AppConfig, type RemoteName } from '@chat/contracts';
import type { ComponentType } from 'react';

export class RemoteLoadError extends Error {
  constructor(readonly remote: RemoteName, cause: unknown) {
    super(`Não foi possível carregar o módulo "${remote}"`);
    this.name = 'RemoteLoadError';
    this.cause = cause;
  }
}

let registered = false;

/**
 * Registers the remotes named by /config.json, once. Nothing is downloaded here: a remote's
 * manifest and code are fetched only when a route that needs it renders (see RemoteSlot).
 */
export function registerConfiguredRemotes(config: AppConfig): void {
  if (registered) return;
  registered = true;
  registerRemotes(
    REMOTE_NAMES.map((name) => ({ name: REMOTE_CONTAINERS[name], entry: absolute(config.remotes[name]) })),
  );
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
  ]);
}

function absolute(url: string): string {
  return new URL(url, window.location.href).toString();
}

export async function loadRemoteApp<P>(name: RemoteName): Promise<{ default: ComponentType<P> }> {
  try {
    const module = await loadRemote<{ default: ComponentType<P> }>(`${REMOTE_CONTAINERS[name]}/App`);
    if (!module?.default) throw new Error('o módulo não exporta um componente padrão');
    return module;
  } catch (error) {
    throw new RemoteLoadError(name, error);
  }
}
