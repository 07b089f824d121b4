import { APP_VERSION, DATA_EXPORT_TTL_HOURS, LIMITS } from '@chat/contracts';
import type { Env } from '../../config/env';
import { escapeHtml } from '../../lib/html';
import { ACCESS_TOKEN_TTL_SECONDS } from '../auth/access-token';
import { REFRESH_TTL_MS } from '../auth/refresh-tokens';

// 'Privacidade': what this deployment stores about a person, where and for how long, written from
// its own configuration (so it is true of this server, not of Papo in general). A server-rendered
// page without script: the sign-in page only links to it.

export interface PrivacyFacts {
  env: Pick<Env, 'databaseUrl' | 'redisUrl' | 'smtpUrl' | 'pushEndpointHosts' | 'appUrl'>;
  /** Whether uploads stay on this server's disk (else an object store set up by the operator). */
  mediaOnLocalDisk: boolean;
}

const hours = (ms: number) => ms / (60 * 60 * 1000);
const days = (ms: number) => hours(ms) / 24;

interface Row {
  what: string;
  where: string;
  howLong: string;
}

function rows({ env, mediaOnLocalDisk }: PrivacyFacts): Row[] {
  // Kinds of place, never paths or hosts: the page is public.
  const database = env.databaseUrl
    ? 'No banco de dados PostgreSQL do servidor'
    : 'No banco de dados embutido, na pasta de dados do servidor';
  const files = mediaOnLocalDisk ? 'No disco do servidor, na pasta de dados' : 'No armazenamento de objetos configurado pelo operador';
  return [
    {
      what: 'Conta: nome, apelido, e-mail, foto, papel, workspace e poligonal; a senha só como resumo criptográfico (argon2id)',
      where: database,
      howLong: 'Enquanto a conta existir. "Excluir minha conta" apaga tudo isso na hora',
    },
    {
      what: 'Mensagens que você escreve, reações, menções, confirmações de entrega e de leitura',
      where: database,
      howLong: 'Até serem apagadas por você, pelo administrador do grupo ou com a sua conta (se você escolher apagá-las)',
    },
    {
      what: 'Imagens, arquivos e mensagens de voz que você envia',
      where: files,
      howLong: 'Até a mensagem ou a foto que os mostra ser apagada',
    },
    {
      what: 'Sessões: aparelho, navegador, início e último uso',
      where: database,
      howLong: `${days(REFRESH_TTL_MS.rememberMe)} dias com "lembrar de mim", ${hours(REFRESH_TTL_MS.session)} horas sem; o acesso de cada página vale ${ACCESS_TOKEN_TTL_SECONDS / 60} minutos`,
    },
    {
      what: 'Notificações: preferências e, por aparelho, o endereço do serviço de push do navegador',
      where: `${database}; os avisos passam pelo serviço de push do navegador (${env.pushEndpointHosts.slice(0, 4).join(', ')}${env.pushEndpointHosts.length > 4 ? '…' : ''})`,
      howLong: 'Até você desativar as notificações no aparelho ou a sessão terminar',
    },
    {
      what: 'Chave de API: nome, permissão e os 4 últimos caracteres (a chave só como resumo)',
      where: database,
      howLong: 'Até ser revogada',
    },
    {
      what: 'E-mails (convites, redefinição de senha, aviso de dados prontos)',
      where: env.smtpUrl
        ? 'Enviados pelo servidor de e-mail (SMTP) configurado pelo operador'
        : 'Gravados como arquivos .eml na pasta de dados do servidor',
      howLong: `Links de senha valem ${hours(LIMITS.resetTokenTtlMs)} hora, convites ${days(LIMITS.inviteTtlMs)} dias`,
    },
    {
      what: 'Presença (quem está online) e contadores de tentativas de entrada',
      where: env.redisUrl ? 'No Redis do servidor' : 'Na memória do servidor',
      howLong: 'Minutos; nada disso fica depois que você sai',
    },
    {
      what: '"Baixar meus dados": o arquivo .zip com os seus dados',
      where: 'Na pasta de dados do servidor',
      howLong: `${DATA_EXPORT_TTL_HOURS} horas; só você, com a sua sessão, pode baixá-lo`,
    },
  ];
}

export function privacyPage(facts: PrivacyFacts): string {
  const origin = new URL(facts.env.appUrl).origin;
  const table = rows(facts)
    .map((r) => `<tr><td>${escapeHtml(r.what)}</td><td>${escapeHtml(r.where)}</td><td>${escapeHtml(r.howLong)}</td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Privacidade · Papo</title>
<style>body{font-family:system-ui,Arial,sans-serif;color:#1f2937;background:#fff;margin:2rem auto;max-width:960px;padding:0 1rem;line-height:1.5}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #e5e7eb;padding:.5rem;text-align:left;vertical-align:top}th{background:#f3f4f6}
@media (max-width:640px){td,th{display:block;border-width:0 0 1px}tr{display:block;border:1px solid #e5e7eb;margin-bottom:.75rem}thead{display:none}}
@media (prefers-color-scheme:dark){body{background:#111827;color:#e5e7eb}th{background:#1f2937}td,th,tr{border-color:#374151}a{color:#93c5fd}}</style>
</head><body>
<h1>Privacidade</h1>
<p>O que este servidor do Papo (${escapeHtml(origin)}) guarda sobre você, onde e por quanto tempo. Esta página é gerada a partir da configuração dele.</p>
<table><thead><tr><th>O quê</th><th>Onde</th><th>Por quanto tempo</th></tr></thead><tbody>
${table}
</tbody></table>
<h2>Seus direitos (LGPD, art. 18)</h2>
<p>Em <strong>Configurações &gt; Meus dados</strong> você pode <strong>baixar os seus dados</strong> (um arquivo .zip com o seu perfil, sessões, mensagens, reações e arquivos, também numa página para ler no navegador) e <strong>excluir a sua conta</strong>: o nome, o e-mail, o apelido, a foto, as sessões, as chaves de API e as notificações são apagados; as mensagens ficam nas conversas como "Usuário removido", ou são apagadas para todos, se você preferir.</p>
<p>Para outras questões, fale com o administrador do seu workspace.</p>
<p><a href="/">Voltar para a entrada</a> · Papo ${escapeHtml(APP_VERSION)}</p>
</body></html>
`;
}
