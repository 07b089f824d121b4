import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// What an operator watches to see one process saturate (docs/operacao.md, "Métricas"): the send path's
// latency, the sockets this process holds and, from prom-client's default metrics, event-loop
// delay (nodejs_eventloop_lag_*), memory and GC. One registry per app, so that several apps in
// one process (the tests) do not mix their figures.

/**
 * Send-path buckets, seconds: a chat send is a few ms when healthy; the target is 100 ms at p99
 * (docs/desempenho.md, Metas).
 */
const SEND_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export class ServerMetrics {
  readonly registry = new Registry();
  readonly sendDuration: Histogram<'status'>;

  constructor(connectedSockets: () => number) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    this.sendDuration = new Histogram({
      name: 'chat_message_send_duration_seconds',
      help: 'POST /api/message/send: request received to response sent, by status code',
      labelNames: ['status'],
      buckets: SEND_BUCKETS,
      registers: [this.registry],
    });
    new Gauge({
      name: 'chat_connected_sockets',
      help: 'Sockets connected to this process on /events',
      registers: [this.registry],
      collect() {
        this.set(connectedSockets());
      },
    });
  }
}
