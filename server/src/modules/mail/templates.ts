import { button, escapeHtml, htmlPage, paragraphs } from './html';
import type { Mail } from './mail';

// Portuguese mails. The link stays alone on its line in the text part: mail clients make it
// clickable and tests find it with a regex.

export const formatDate = (date: Date) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(date);

export function passwordResetMail(input: { to: string; name: string; link: string }): Mail {
  const { to, name, link } = input;
  return {
    to,
    link,
    subject: 'Redefinição de senha do Papo',
    text: [
      `Olá, ${name}!`,
      '',
      'Recebemos um pedido para redefinir a senha da sua conta no Papo.',
      'Para escolher uma nova senha, abra o link abaixo. Ele vale por 1 hora e pode ser usado uma única vez.',
      '',
      link,
      '',
      'Se você não fez esse pedido, ignore este e-mail: sua senha continua a mesma.',
      '',
    ].join('\n'),
    html: htmlPage(
      paragraphs(
        `Olá, ${escapeHtml(name)}!`,
        'Recebemos um pedido para redefinir a senha da sua conta no Papo.',
        'Para escolher uma nova senha, use o botão abaixo. O link vale por 1 hora e pode ser usado uma única vez.',
      ) +
        button(link, 'Redefinir senha') +
        paragraphs('Se você não fez esse pedido, ignore este e-mail: sua senha continua a mesma.'),
    ),
  };
}

export function inviteMail(input: {
  to: string;
  inviterName: string;
  workspaceName: string;
  code: string;
  link: string;
  registerUrl: string;
  expiresAt: Date;
}): Mail {
  const { to, inviterName, workspaceName, code, link, registerUrl, expiresAt } = input;
  return {
    to,
    link,
    subject: `Convite para a equipe ${workspaceName} no Papo`,
    text: [
      'Olá!',
      '',
      `${inviterName} convidou você para a equipe "${workspaceName}" no Papo.`,
      'Para criar sua conta, abra o link abaixo:',
      '',
      link,
      '',
      `Ou acesse ${registerUrl} e informe o código de convite: ${code}`,
      `O convite vale até ${formatDate(expiresAt)} e pode ser usado uma única vez.`,
      '',
    ].join('\n'),
    html: htmlPage(
      paragraphs('Olá!', `${escapeHtml(inviterName)} convidou você para a equipe <strong>${escapeHtml(workspaceName)}</strong> no Papo.`) +
        button(link, 'Criar minha conta') +
        paragraphs(
          `Ou acesse ${escapeHtml(registerUrl)} e informe o código de convite: <strong>${escapeHtml(code)}</strong>`,
          `O convite vale até ${formatDate(expiresAt)} e pode ser usado uma única vez.`,
        ),
    ),
  };
}

/**
 * To an address invited into a team while it already has an account (in another team): an account
 * belongs to one team, so no code is sent; the owner learns who asked and how to sign in.
 */
export function alreadyRegisteredMail(input: { to: string; inviterName: string; workspaceName: string; loginUrl: string }): Mail {
  const { to, inviterName, workspaceName, loginUrl } = input;
  const why = 'Este e-mail já tem uma conta no Papo, e cada conta pertence a uma única equipe: não é possível entrar nessa equipe com ele.';
  const what =
    'Se quiser participar dessa equipe, peça a quem convidou um convite para outro e-mail. Para entrar na sua conta atual, use o link abaixo.';
  return {
    to,
    link: loginUrl,
    subject: 'Você já tem uma conta no Papo',
    text: [
      'Olá!',
      '',
      `${inviterName} tentou convidar você para a equipe "${workspaceName}" no Papo.`,
      why,
      what,
      '',
      loginUrl,
      '',
      'Se você não conhece essa equipe, ignore este e-mail.',
      '',
    ].join('\n'),
    html: htmlPage(
      paragraphs(
        'Olá!',
        `${escapeHtml(inviterName)} tentou convidar você para a equipe <strong>${escapeHtml(workspaceName)}</strong> no Papo.`,
        why,
        what,
      ) +
        button(loginUrl, 'Entrar no Papo') +
        paragraphs('Se você não conhece essa equipe, ignore este e-mail.'),
    ),
  };
}

/** To the administrator of a new workspace: the account exists, the password is theirs to choose. */
export function workspaceWelcomeMail(input: { to: string; name: string; workspaceName: string; link: string; expiresAt: Date }): Mail {
  const { to, name, workspaceName, link, expiresAt } = input;
  return {
    to,
    link,
    subject: `Bem-vindo ao Papo: você administra a equipe ${workspaceName}`,
    text: [
      `Olá, ${name}!`,
      '',
      `O workspace "${workspaceName}" foi criado no Papo e você é o administrador dele.`,
      'Para definir sua senha e entrar, abra o link abaixo:',
      '',
      link,
      '',
      `O link vale até ${formatDate(expiresAt)} e pode ser usado uma única vez.`,
      `Você entra no Papo assim que definir a senha. Das próximas vezes, entre com este e-mail (${to}) e essa senha.`,
      '',
    ].join('\n'),
    html: htmlPage(
      paragraphs(
        `Olá, ${escapeHtml(name)}!`,
        `O workspace <strong>${escapeHtml(workspaceName)}</strong> foi criado no Papo e você é o administrador dele.`,
      ) +
        button(link, 'Definir minha senha') +
        paragraphs(
          `O link vale até ${formatDate(expiresAt)} e pode ser usado uma única vez.`,
          `Você entra no Papo assim que definir a senha. Das próximas vezes, entre com este e-mail (${escapeHtml(to)}) e essa senha.`,
        ),
    ),
  };
}
