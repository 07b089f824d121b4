import type { Server } from 'node:http';

/** How often a closing server looks for keep-alive connections that have become idle. */
export const IDLE_SWEEP_MS = 100;

/**
 * Ends, while `server` closes, every keep-alive connection as soon as it has no request in flight.
 * server.close() closes the connections idle at that moment only; one whose request was still
 * running (a send waiting for its commit) stays open after its answer until the client sends
 * another request or keepAliveTimeout (72 s in Fastify) ends it, and the process with it: with
 * thousands of clients the last of them held a restart for seconds. A request in flight is never
 * cut. Returns the function that stops sweeping (call it once the server has closed).
 */
export function closeIdleWhileClosing(server: Server): () => void {
  const timer = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
