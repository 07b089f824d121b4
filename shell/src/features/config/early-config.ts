let request: Promise<Response> | null = null;

/**
 * Asks the server for /config.json at once. The shell's first script calls this before it
 * imports the app's own chunks, so the configuration and React arrive in parallel instead of one
 * after the other (issue 18: no waterfall).
 */
export function requestConfig(): Promise<Response> {
  request ??= fetch('/config.json', { cache: 'no-store' });
  return request;
}

/** The response of that early request, once: a second start (a retry) asks again. */
export function takeConfigResponse(): Promise<Response> {
  const response = requestConfig();
  request = null;
  return response;
}
