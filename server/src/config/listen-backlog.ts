/**
 * The listening socket's accept queue (Node's default is 511). After a restart every client
 * reconnects within a few seconds; while the event loop is busy with handshakes the kernel queues
 * the new connections here, and once the queue is full it drops their SYNs, which the clients
 * resend only after 1, 3, 7, 15, 31 s: with 3,000-10,000 sockets coming back, tens of thousands of
 * drops and a tail of a minute and more (counted in TcpExtListenDrops). Linux caps it at
 * net.core.somaxconn (4096 by default since 5.4), so a large value is asked for here: an
 * operator who raises somaxconn gets the longer queue without a new build (docs/desempenho.md).
 */
export const LISTEN_BACKLOG = 65_535;
