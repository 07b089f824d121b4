import axios, { type AxiosInstance } from 'axios';

// The only module of the client that loads axios itself. client.ts and media.ts import it on the
// first call that reaches the network, so axios is not on a page's first path: the
// list's first calls are answered by the shell's early fetches (early-responses.ts).

export interface HttpOptions {
  baseURL: string;
  /** Reads the stored access token at call time, so a renewed token is used at once. */
  getToken: () => string | null;
}

/** An instance without interceptors: the renewal call and sign-out go through one of these. */
export function createBareHttp(baseURL?: string): AxiosInstance {
  // docs/produto.md, Validação e limites: HTTP timeout none (0).
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
