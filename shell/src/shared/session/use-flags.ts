import { useMemo } from 'react';
import { featureFlags, type FeatureFlag } from '@chat/contracts';
import { useAppConfig } from '../config/config-context';
import { useSession } from './session-context';

/**
 * The flags of docs/produto.md, Funcionalidades por workspace for the current user and page origin.
 */
export function useFlags(): Set<FeatureFlag> {
  const { user } = useSession();
  const config = useAppConfig();
  return useMemo(() => featureFlags(user, config.flags, window.location.origin), [user, config.flags]);
}
