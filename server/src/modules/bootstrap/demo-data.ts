import type { Role } from '@chat/contracts';

// The small workspace a newcomer signs into on a fresh clone (DESIGN section 2, "Bootstrap").

export const DEMO_WORKSPACE = {
  name: 'Equipe Demo',
  description: 'Workspace de demonstração: converse com a equipe, crie grupos e conheça o chat.',
} as const;

export const DEMO_EMAIL_DOMAIN = 'demo.chat';

export const DEMO_MEMBERS: ReadonlyArray<{ nickName: string; name: string; role: Extract<Role, 'ADMIN' | 'USER'> }> = [
  { nickName: 'ana', name: 'Ana Souza', role: 'ADMIN' },
  { nickName: 'bruno', name: 'Bruno Oliveira', role: 'USER' },
  { nickName: 'carla', name: 'Carla Mendes', role: 'USER' },
  { nickName: 'diego', name: 'Diego Santos', role: 'USER' },
];

export const ROOT_ACCOUNT = { nickName: 'root', name: 'Administrador Root' } as const;
