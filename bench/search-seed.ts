import type { FastifyInstance } from 'fastify';
import { conversations, groupMembers, groups, messages, users, workspaces } from '@chat/server/bench-api';

// Search bench data, inserted directly (no argon2, no HTTP): one workspace, SEARCH_MESSAGES messages
// spread over CHATS chats, half of them the viewer's (conversations and groups) and half between
// other members, so that the membership filter has work to do. Text is drawn from a Portuguese
// word list with a fixed seed: every word lands in roughly 4% of the messages.

export const SEARCH_MESSAGES = 100_000;
const CHATS = 80;
const GROUP_SIZE = 6;
const BATCH = 2000;
const RARE_WORD = 'girassol';
const RARE_COUNT = 20;

const WORDS = (
  'reunião projeto orçamento trimestral amanhã cedo tarde equipe cliente entrega prazo relatório ' +
  'café almoço segunda terça quarta quinta sexta sábado domingo obrigado valeu ok beleza combinado ' +
  'revisão código versão produção servidor banco dados tela botão usuário senha acesso permissão ' +
  'contrato proposta apresentação planilha gráfico número meta resultado vendas compras estoque ' +
  'viagem hotel voo reserva documento assinatura nota fiscal pagamento boleto transferência conta ' +
  'você pode ver isso quando der hoje agora depois antes ainda já mais menos muito pouco bom ótimo'
).split(' ');

/** Deterministic PRNG (mulberry32): the same data on every run and engine. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedSearchBench(app: FastifyInstance): Promise<{ id: string; token: string }> {
  const { db, accessTokens } = app.ctx;
  const next = random(16);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const [workspace] = await db.insert(workspaces).values({ name: 'Bench busca' }).returning({ id: workspaces.id });
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        name: i === 0 ? 'Leitora Busca' : `Colega ${i}`,
        nickName: `busca${i}`,
        email: `busca${i}@bench.local`,
        passwordHash: 'x',
        workspaceId: workspace!.id,
      })),
    )
    .returning({ id: users.id });
  const [viewer, ...others] = people.map((p) => p.id);

  // Chats: [participants] each; the first half include the viewer.
  const chats: { conversationId?: string; groupId?: string; members: string[] }[] = [];
  for (let c = 0; c < CHATS; c++) {
    const mine = c < CHATS / 2;
    if (c % 4 === 0) {
      const members = [...new Set([...(mine ? [viewer!] : []), ...Array.from({ length: GROUP_SIZE }, () => pick(others))])];
      const [group] = await db
        .insert(groups)
        .values({ workspaceId: workspace!.id, name: `Grupo ${c}` })
        .returning({ id: groups.id });
      await db.insert(groupMembers).values(members.map((userId) => ({ groupId: group!.id, userId })));
      chats.push({ groupId: group!.id, members });
    } else {
      const a = mine ? viewer! : others[c % others.length]!;
      const b = others[(c * 7 + 1) % others.length]!;
      if (a === b) continue;
      const [conversation] = await db
        .insert(conversations)
        .values({ userOneId: a, userTwoId: b })
        .onConflictDoNothing()
        .returning({ id: conversations.id });
      if (conversation) chats.push({ conversationId: conversation.id, members: [a, b] });
    }
  }

  const start = Date.now() - 90 * 24 * 3600_000;
  const rows = Array.from({ length: SEARCH_MESSAGES }, (_, k) => {
    const chat = pick(chats);
    const words = Array.from({ length: 5 + Math.floor(next() * 10) }, () => pick(WORDS));
    if (k % Math.floor(SEARCH_MESSAGES / RARE_COUNT) === 0) words.splice(2, 0, RARE_WORD);
    const when = new Date(start + k * 60_000);
    return {
      ...(chat.groupId ? { groupId: chat.groupId } : { conversationId: chat.conversationId! }),
      authorId: pick(chat.members),
      body: words.join(' '),
      status: 'READ' as const,
      createdAt: when,
      updatedAt: when,
    };
  });
  for (let i = 0; i < rows.length; i += BATCH) await db.insert(messages).values(rows.slice(i, i + BATCH));
  return { id: viewer!, token: await accessTokens.sign({ id: viewer!, role: 'USER', workspaceId: workspace!.id }) };
}
