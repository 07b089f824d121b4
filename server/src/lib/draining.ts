/**
 * Whether this process has been told to shut down. Set once and never cleared: /api/health reads
 * it, so that a load balancer stops sending new work here while the process still serves what
 * reaches it (requests in flight, keep-alive connections, its sockets until they are moved).
 */
export class Draining {
  private startedAt: number | null = null;

  get active(): boolean {
    return this.startedAt !== null;
  }

  start(): void {
    this.startedAt ??= Date.now();
  }
}
