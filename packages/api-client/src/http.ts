import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { apiErrorSchema } from '@chat/contracts';

/** What every call helper returns (SPEC section 7: "the status code and the response data"). */
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

function describe(cause: unknown): { status: number | null; serverMessage: string | null } {
  if (cause instanceof AxiosError) {
    const parsed = apiErrorSchema.safeParse(cause.response?.data);
    return {
      status: cause.response?.status ?? null,
      serverMessage: parsed.success ? parsed.data.message : null,
    };
  }
  return { status: null, serverMessage: null };
}

export interface HttpOptions {
  baseURL: string;
  /** Reads the stored access token at call time, so a renewed token is used at once. */
  getToken: () => string | null;
}

/** An instance without interceptors: the renewal call and sign-out go through one of these. */
export function createBareHttp(baseURL: string): AxiosInstance {
  // SPEC section 9: HTTP timeout none (0).
  return axios.create({ baseURL, timeout: 0 });
}

export function createHttp({ baseURL, getToken }: HttpOptions): AxiosInstance {
  const http = createBareHttp(baseURL);
  http.interceptors.request.use((config) => {
    const token = getToken();
    // A retry after a renewal already carries the new token (set by the renewal interceptor).
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  return http;
}

export async function request<T>(http: AxiosInstance, config: AxiosRequestConfig): Promise<ApiResult<T>> {
  try {
    const response = await http.request<T>(config);
    return { status: response.status, data: response.data };
  } catch (error) {
    throw new ApiCallError(error);
  }
}
