import { request } from 'node:http';

// One HTTP call on a connection of its own (no keep-alive), so that every call passes through the
// failover proxy's choice again, as a load balancer balances requests. Never throws: a network
// failure or a timeout is an answer too, which the drill counts.

export type HttpAnswer = { status: number; body: unknown } | { status: 'rede' | 'tempo esgotado'; body: null };

export function call(
  base: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        timeout: options.timeoutMs ?? 5000,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', () => resolve({ status: 'rede', body: null }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('timeout', () => {
      req.destroy();
      resolve({ status: 'tempo esgotado', body: null });
    });
    req.on('error', () => resolve({ status: 'rede', body: null }));
    req.end(payload);
  });
}

export const ok = (answer: HttpAnswer): boolean => typeof answer.status === 'number' && answer.status >= 200 && answer.status < 300;

/** The body of a 2xx answer; throws with the status and body otherwise (setup calls must work). */
export function expectOk<T>(answer: HttpAnswer, what: string): T {
  if (!ok(answer)) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}
