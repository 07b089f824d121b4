import { DEFAULT_WORKSPACE_FEATURES, type Role } from '@chat/contracts';

// The small workspace a newcomer signs into on a fresh clone (SEED_DEMO, docs/operacao.md,
// Configuração).

export const DEMO_WORKSPACE = {
  name: 'Equipe Demo',
  description: 'Workspace de demonstração: converse com a equipe, crie grupos e conheça o chat.',
  features: [...DEFAULT_WORKSPACE_FEATURES],
};

export const DEMO_EMAIL_DOMAIN = 'demo.chat';

export const DEMO_MEMBERS: ReadonlyArray<{ nickName: string; name: string; role: Extract<Role, 'ADMIN' | 'USER'> }> = [
  { nickName: 'ana', name: 'Ana Souza', role: 'ADMIN' },
  { nickName: 'bruno', name: 'Bruno Oliveira', role: 'USER' },
  { nickName: 'carla', name: 'Carla Mendes', role: 'USER' },
  { nickName: 'diego', name: 'Diego Santos', role: 'USER' },
];

export const ROOT_ACCOUNT = { nickName: 'root', name: 'Administrador Root' } as const;

/** A demo message: who wrote it, how long ago, and whether the other side has read it. */
export interface DemoMessage {
  from: string;
  minutesAgo: number;
  text: string;
  unread?: boolean;
}

const H = 60;

/** Conversations of the demo, over the last two days, oldest message first; userOne (who started it) comes first. */
export const DEMO_CONVERSATIONS: ReadonlyArray<{ between: readonly [string, string]; messages: readonly DemoMessage[] }> = [
  {
    between: ['ana', 'bruno'],
    messages: [
      { from: 'ana', minutesAgo: 46 * H, text: 'Bom dia, Bruno! Conseguiu revisar a proposta do cliente?' },
      { from: 'bruno', minutesAgo: 46 * H - 15, text: 'Bom dia! Revisei sim, deixei alguns comentários no documento.' },
      { from: 'ana', minutesAgo: 46 * H - 20, text: 'Perfeito, vou olhar depois do almoço. Obrigada!' },
      { from: 'bruno', minutesAgo: 27 * H, text: 'Ana, a reunião de amanhã continua às 10h?' },
      { from: 'ana', minutesAgo: 26 * H, text: 'Continua sim. Vou mandar a pauta mais tarde.' },
      { from: 'ana', minutesAgo: 4 * H, text: 'Pauta enviada por e-mail. *Não esqueça* dos números do trimestre.' },
    ],
  },
  {
    between: ['ana', 'carla'],
    messages: [
      { from: 'ana', minutesAgo: 29 * H, text: 'Oi, Carla! Tudo certo com o layout novo?' },
      { from: 'carla', minutesAgo: 28 * H, text: 'Quase pronto! Falta ajustar as cores do cabeçalho.' },
      { from: 'carla', minutesAgo: 50, text: 'Terminei o layout, dá uma olhada quando puder.', unread: true },
      { from: 'carla', minutesAgo: 45, text: 'Deixei o link no grupo do projeto.', unread: true },
    ],
  },
];

/** The demo group: its admin first, then the other members. */
export const DEMO_GROUP = {
  name: 'Projeto Aurora',
  description: 'Planejamento e acompanhamento do lançamento do Aurora.',
  admin: 'ana',
  members: ['bruno', 'carla'],
  messages: [
    { from: 'ana', minutesAgo: 47 * H, text: 'Pessoal, criei este grupo para o Projeto Aurora.' },
    { from: 'bruno', minutesAgo: 47 * H - 5, text: 'Ótimo! Já vou adicionar as tarefas da semana.' },
    { from: 'carla', minutesAgo: 30 * H, text: 'O protótipo da tela inicial está pronto para revisão.' },
    { from: 'ana', minutesAgo: 3 * H, text: 'Reunião de acompanhamento amanhã às 10h, combinado?' },
    { from: 'carla', minutesAgo: 44, text: 'Combinado! Link do layout: https://exemplo.com.br/aurora' },
  ] satisfies DemoMessage[],
} as const;
