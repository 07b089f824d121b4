import type { PrivatePostgres } from './private-postgres';
import type { PrivateRedis } from './private-redis';
import type { ProductProcess } from './product-process';

// The three faults of the drill: what breaks, how it comes back, and which side of the deployment
// the recovery is measured on.

export const FAULT_KEYS = ['redis', 'postgres', 'processo'] as const;
export type FaultKey = (typeof FAULT_KEYS)[number];

export interface Fault {
  key: FaultKey;
  label: string;
  inject(): Promise<void>;
  restore(): Promise<void>;
}

export interface Deployment {
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  processes: readonly ProductProcess[];
}

/** The process the 'processo' fault kills (side 0: members of even index send through it first). */
export const KILLED_SIDE = 0;

export function faultOf(key: FaultKey, { postgres, redis, processes }: Deployment): Fault {
  switch (key) {
    case 'redis':
      return { key, label: 'Redis morto (SIGKILL) e reiniciado', inject: () => redis.kill(), restore: () => redis.start() };
    case 'postgres':
      return { key, label: 'PostgreSQL parado (-m immediate) e iniciado', inject: () => postgres.crash(), restore: () => postgres.start() };
    case 'processo': {
      const victim = processes[KILLED_SIDE]!;
      return {
        key,
        label: `processo ${victim.name} morto (SIGKILL) e iniciado`,
        inject: () => victim.kill(),
        restore: () => victim.start(),
      };
    }
  }
}
