import { io, type Socket } from 'socket.io-client';
import { type Message, type MessagesPage, type ServerDraining, SOCKET_NAMESPACE, SOCKET_RECONNECTION } from '@chat/contracts';
import { call, ok } from './http';
import type { Account } from './team';

// One simulated member: a socket.io-client socket as the shell opens it (websocket, /events,
// auth.token, query id/name) and an outbox as the page keeps one: a new message every 200 ms,
// sent over HTTP one after another, a failed send retried with the same clientId until it is
// acknowledged. It catches up as the page does: on every reconnect and on `sync:required`, it
// re-fetches the conversation and merges by id. Everything it sees is recorded for the tally.

const SEND_EVERY_MS = 200;
const RETRY_AFTER_MS = 500;
const PAGE = 100;

export interface SentMessage {
  clientId: string;
  phase: string;
  /** The member's own process side (0 or 1): the proxy it talks through. */
  side: number;
  firstAttemptAt: number;
  /** Start of the attempt that was acknowledged. */
  ackedAttemptAt?: number;
  ackAt?: number;
  id?: string;
  /** Failed attempts by answer (status code, 'rede' or 'tempo esgotado'). */
  failures: Record<string, number>;
}

export interface Shown {
  how: 'live' | 'catch-up';
  at: number;
}

export class Member {
  readonly sent: SentMessage[] = [];
  /** The partner's messages on this member's screen, by id. */
  readonly shown = new Map<string, Shown>();
  catchUpFailures = 0;
  private socket: Socket | null = null;
  private readonly queue: SentMessage[] = [];
  private pumping = false;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private phase = '';
  private floorMs = 0;
  private sequence = 0;
  private catchingUp: Promise<void> | null = null;
  private catchUpAgain = false;
  private closed = false;

  constructor(
    readonly account: Account,
    readonly side: number,
    private readonly base: string,
  ) {}

  /** Opens the socket; resolves on its first connection. */
  connect(timeoutMs = 20_000): Promise<void> {
    const { id, name, token } = this.account;
    const socket = io(`${this.base}${SOCKET_NAMESPACE}`, {
      transports: ['websocket'],
      query: { id, name },
      auth: { token },
      ...SOCKET_RECONNECTION,
      // The shell starts a new round of attempts after each failed one, for as long as the page is open.
      reconnectionAttempts: Infinity,
    });
    this.socket = socket;
    let everConnected = false;
    socket.on('connect', () => {
      if (everConnected) this.catchUp();
      everConnected = true;
    });
    socket.on('disconnect', (reason) => {
      // A server-side close is final for socket.io; the shell connects again after the delay.
      if (reason === 'io server disconnect' && !this.closed) setTimeout(() => socket.connect(), SOCKET_RECONNECTION.reconnectionDelay);
    });
    socket.on('sync:required', () => this.catchUp());
    // As the shell: leave a draining process at a random moment of its window, and come back at once.
    socket.on('server:draining', ({ reconnectWithinMs }: ServerDraining) => {
      setTimeout(() => {
        if (this.closed || !socket.connected) return;
        socket.disconnect();
        socket.connect();
      }, Math.random() * reconnectWithinMs);
    });
    socket.on('message', (message: Message) => this.show(message, 'live'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name}: socket sem conexão em ${timeoutMs / 1000} s`)), timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /** Starts a new message every 200 ms, tagged `phase`; catch-ups look back to `floorMs`. */
  startSending(phase: string, floorMs: number): void {
    this.phase = phase;
    this.floorMs = floorMs;
    this.ticker = setInterval(() => {
      const message: SentMessage = {
        clientId: `${phase}-m${this.account.index}-${++this.sequence}`,
        phase,
        side: this.side,
        firstAttemptAt: Date.now(),
        failures: {},
      };
      this.sent.push(message);
      this.queue.push(message);
      void this.pump();
    }, SEND_EVERY_MS);
  }

  /** Stops making messages; resolves when the outbox is empty or `timeoutMs` has passed. */
  async stopSending(timeoutMs: number): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  close(): void {
    this.closed = true;
    if (this.ticker) clearInterval(this.ticker);
    this.queue.length = 0;
    this.socket?.disconnect();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length > 0 && !this.closed) {
        const message = this.queue[0]!;
        const startedAt = Date.now();
        const answer = await call(this.base, 'POST', '/api/message/send', {
          token: this.account.token,
          body: {
            conversationId: this.account.conversationId,
            isGroup: false,
            content: { type: 'text', body: message.clientId },
            clientId: message.clientId,
          },
        });
        if (ok(answer)) {
          message.ackedAttemptAt = startedAt;
          message.ackAt = Date.now();
          message.id = (answer.body as Message).id;
          this.queue.shift();
        } else {
          const key = String(answer.status);
          message.failures[key] = (message.failures[key] ?? 0) + 1;
          await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  private show(message: Message, how: Shown['how']): void {
    if (message.conversationId !== this.account.conversationId || message.authorId !== this.account.partnerId) return;
    if (!this.shown.has(message.id)) this.shown.set(message.id, { how, at: Date.now() });
  }

  /** One catch-up at a time; a trigger during one runs another right after it. */
  private catchUp(): void {
    if (this.catchingUp) {
      this.catchUpAgain = true;
      return;
    }
    this.catchingUp = (async () => {
      do {
        this.catchUpAgain = false;
        await this.fetchHistory();
      } while (this.catchUpAgain && !this.closed);
    })().finally(() => (this.catchingUp = null));
  }

  /**
   * The conversation's newest pages, back to the current phase's start (earlier phases have been
   * counted already), merged by id. A failed call is not retried, as on the page.
   */
  private async fetchHistory(): Promise<void> {
    let before: string | null = null;
    for (;;) {
      const query = new URLSearchParams({
        conversationId: this.account.conversationId,
        limit: String(PAGE),
        ...(before ? { before } : {}),
      });
      const answer = await call(this.base, 'GET', `/api/message/get-messages-by-conversation?${query}`, { token: this.account.token });
      if (!ok(answer)) {
        this.catchUpFailures++;
        return;
      }
      const page = answer.body as MessagesPage;
      for (const message of page.messages) this.show(message, 'catch-up');
      const reachedFloor = page.messages.some((m) => Date.parse(m.createdAt) < this.floorMs);
      if (!page.hasMore || !page.nextCursor || reachedFloor) return;
      before = page.nextCursor;
    }
  }
}
