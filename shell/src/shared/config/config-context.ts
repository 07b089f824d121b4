import { createContext, useContext } from 'react';
import type { AppConfig } from '@chat/contracts';

export const AppConfigContext = createContext<AppConfig | null>(null);

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig deve ser usado dentro de AppConfigContext');
  return config;
}
