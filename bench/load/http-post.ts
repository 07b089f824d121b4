import http from 'node:http';

// The harness's HTTP client: node:http on keep-alive connections, lighter than fetch, so that the
// client processes take as little of the machine's CPU from the server as they can.

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface Answer {
  status: number;
  body: string;
  /** The body's length as it came over the wire (compressed, when the request accepted an encoding). */
  bytes: number;
}

export function request(method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method,
      agent,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, body: body.toString('utf8'), bytes: body.length });
      });
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
