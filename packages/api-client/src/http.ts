import type { AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios';
import { apiErrorSchema } from '@chat/contracts';

/** What every call helper returns: the status code and the response data. */
export interface ApiResult<T> {
  status: number;
  data: T;
}

/**
 * One error type for every failed call: `serverMessage` is the Portuguese `message` of a server
 * response (shown in the error toast), absent for network or unexpected failures.
 */
export class ApiCallError extends Error {
  readonly status: number | null;
  readonly serverMessage: string | null;

  constructor(cause: unknown) {
    const { status, serverMessage } = describe(cause);
    super(serverMessage ?? (cause instanceof Error ? cause.message : 'Falha na requisição'));
    this.name = 'ApiCallError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.cause = cause;
  }
}

/**
 * What axios.isAxiosError checks, without loading axios: this module is on the page's first path,
 * axios is not (axios-instances.ts).
 */
export function isAxiosError(cause: unknown): cause is AxiosError {
  return typeof cause === 'object' && cause !== null && (cause as { isAxiosError?: unknown }).isAxiosError === true;
}

/** The Portuguese `message` of a server's error answer, or null. */
export const serverMessageOf = (cause: unknown): string | null => describe(cause).serverMessage;

function describe(cause: unknown): { status: number | null; serverMessage: string | null } {
  if (isAxiosError(cause)) {
    const parsed = apiErrorSchema.safeParse(cause.response?.data);
    return {
      status: cause.response?.status ?? null,
      serverMessage: parsed.success ? parsed.data.message : null,
    };
  }
  return { status: null, serverMessage: null };
}

/** `http` may still be loading (client.ts creates the instances on first use). */
export async function request<T>(http: AxiosInstance | Promise<AxiosInstance>, config: AxiosRequestConfig): Promise<ApiResult<T>> {
  try {
    const response = await (await http).request<T>(config);
    return { status: response.status, data: response.data };
  } catch (error) {
    throw new ApiCallError(error);
  }
}
