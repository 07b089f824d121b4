import type { AxiosInstance } from 'axios';
import { createHttp, type HttpOptions } from './http';

// The one configured HTTP instance. The shell configures it at start; remotes only call the
// typed functions, which is why this module is shared as a Module Federation singleton.
let instance: AxiosInstance | null = null;

export function configureApiClient(options: HttpOptions): AxiosInstance {
  instance = createHttp(options);
  return instance;
}

export function http(): AxiosInstance {
  if (!instance) throw new Error('api-client não configurado: chame configureApiClient() no shell.');
  return instance;
}
