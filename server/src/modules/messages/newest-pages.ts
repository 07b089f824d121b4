import { desc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageColumns, messages } from '../../db/schema';
import { BatchQueue, WAVE_BATCHING } from '../../lib/batch-queue';
import type { MessageWithAuthor } from './message-entity';
import { type ChatTarget, type PageSelect, wholeMessages } from './messages.repository';

/** Pages per statement at most: up to 101 rows each (the largest page and its one extra row). */
const MAX_PAGES = 64;

type Kind = 'conversation' | 'group';
interface Ask {
  chatId: string;
  take: number;
}

/**
 * The newest page of a chat's history, NEWEST first (as messagesBefore reads the older ones),
 * gathered: after a restart every page that reconnects reads its open chat's
 * newest page at once (the catch-up), and each read was its own round trip that woke a PostgreSQL
 * backend (in the reconnection wave of 10,000 members, those writes were a visible share of the
 * new process's profile). The pages asked while one read runs go together in the next: one
 * statement walks each chat's (chat, seq) index backwards (LATERAL) and stops at its page, so
 * thousands of pages take a small fraction as many statements (docs/desempenho.md, Medidas por
 * trás do código). A lone read runs at once. One
 * instance per process (the messages service's).
 */
export class NewestPages {
  private readonly queries: Record<Kind, ReturnType<typeof newestOfChats>>;
  private readonly reads: Record<Kind, BatchQueue<Ask, MessageWithAuthor[]>>;

  constructor(db: Db) {
    this.queries = { conversation: newestOfChats(db, 'conversation'), group: newestOfChats(db, 'group') };
    this.reads = { conversation: readsOf(this.queries.conversation, 'conversation'), group: readsOf(this.queries.group, 'group') };
  }

  of(target: ChatTarget, take: number): Promise<MessageWithAuthor[]> {
    if ('groupId' in target) return this.reads.group.submit({ chatId: target.groupId, take });
    return this.reads.conversation.submit({ chatId: target.conversationId, take });
  }
}

function readsOf(query: ReturnType<typeof newestOfChats>, kind: Kind): BatchQueue<Ask, MessageWithAuthor[]> {
  const chatOf = (row: MessageWithAuthor) => (kind === 'group' ? row.message.groupId : row.message.conversationId)!;
  return new BatchQueue(
    async (asks) => {
      const take = Math.max(...asks.map((ask) => ask.take));
      const rows = await query.execute({ chatIds: [...new Set(asks.map((ask) => ask.chatId))], take });
      // Rows come newest first (by seq), so each chat's come newest first too.
      const byChat = new Map<string, MessageWithAuthor[]>();
      for (const row of rows) {
        const list = byChat.get(chatOf(row));
        if (list) list.push(row);
        else byChat.set(chatOf(row), [row]);
      }
      return asks.map((ask) => (byChat.get(ask.chatId) ?? []).slice(0, ask.take));
    },
    { ...WAVE_BATCHING, maxItems: MAX_PAGES },
  );
}

/**
 * The page size as a subquery, not as a bare parameter. PostgreSQL estimates a chat's rows in the
 * LATERAL as the table's average (the chat comes from the unnest, not a value it has statistics
 * for): a few dozen. Told LIMIT 51, above that, it expects the whole chat anyway, and a bitmap scan
 * of all of it plus a top-N sort cost it about the same as walking the index backwards and stopping
 * at the page; ANALYZE's sample picked one or the other (and the bitmap scan's cost grows with
 * the chat). A LIMIT it cannot read while planning it takes as 10% of the
 * rows (planner.c, preprocess_limit), so the ordered scan, which stops early, is always the cheap
 * plan. drizzle types a limit as a number or a placeholder; it renders any SQL.
 */
const pageSize = sql`(SELECT ${sql.placeholder('take')}::int)` as unknown as Placeholder;

/** The newest `take` messages of each chat in `chatIds` (a uuid[]), whole, newest first. Exported for the test of its plan. */
export function newestOfChatsQuery(db: Db, kind: Kind) {
  const chatColumn = kind === 'group' ? messages.groupId : messages.conversationId;
  const latest = db
    .select(messageColumns)
    .from(messages)
    .where(eq(chatColumn, sql`${sql.identifier('chat')}.${sql.identifier('id')}`))
    .orderBy(desc(messages.seq))
    .limit(pageSize)
    .as('latest');
  const fields = Object.fromEntries(Object.keys(messageColumns).map((key) => [key, latest[key as keyof typeof messageColumns]]));
  const selected = db
    .select(fields)
    .from(sql`unnest(${sql.placeholder('chatIds')}::uuid[]) as ${sql.identifier('chat')}(${sql.identifier('id')})`)
    .crossJoinLateral(latest);
  return wholeMessages(db, selected as unknown as PageSelect, 'desc');
}

function newestOfChats(db: Db, kind: Kind) {
  return newestOfChatsQuery(db, kind).prepare(`messages_newest_pages_${kind}`);
}
