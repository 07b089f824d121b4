import type { WorkspaceFeature } from '@chat/contracts';

/** What each per-workspace feature does, in the words ROOT reads beside its switch. */
export const FEATURE_TEXTS: Record<WorkspaceFeature, { label: string; description: string }> = {
  polygonal: {
    label: 'Poligonais',
    description: 'O administrador cadastra poligonais (etiquetas) e as atribui aos membros na página Equipe.',
  },
  create_members: {
    label: 'Criar contas',
    description: "O administrador pode criar contas de membros diretamente, sem convite (opção 'Criar Conta').",
  },
  edit_members: {
    label: 'Editar membros',
    description: 'O administrador pode alterar nome, e-mail, apelido e senha dos membros.',
  },
  disable_edit_personal_info: {
    label: 'Bloquear dados pessoais',
    description: 'Os membros não podem alterar as próprias informações pessoais nem a senha em Configurações.',
  },
  admin_sso: {
    label: 'Administrador configura a entrada pela empresa',
    description: 'O administrador pode configurar, na página Equipe, a entrada com a conta da empresa (OpenID Connect) deste workspace.',
  },
};
