import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const CREDENTIALS_FILE_NAME = 'initial-credentials.txt';

export interface CreatedAccount {
  role: string;
  nickName: string;
  email: string;
  /** The generated password, or the name of the variable it came from (never its value). */
  password: string;
  generated: boolean;
}

export const credentialsFilePath = (dataDir: string) => path.join(dataDir, CREDENTIALS_FILE_NAME);

export function formatAccounts(accounts: readonly CreatedAccount[]): string {
  const rows = accounts.map((a) => {
    const password = a.generated ? a.password : `(definida em ${a.password})`;
    return `  ${a.role.padEnd(5)}  ${a.nickName.padEnd(6)}  ${a.email.padEnd(22)}  senha: ${password}`;
  });
  return ['Contas criadas na primeira execução (entre com e-mail ou apelido):', ...rows].join('\n');
}

/** Readable only by the owner: it holds passwords. */
export function writeCredentialsFile(dataDir: string, accounts: readonly CreatedAccount[]): string {
  const file = credentialsFilePath(dataDir);
  const header = `# Gerado em ${new Date().toISOString()}. Troque as senhas e apague este arquivo.\n`;
  writeFileSync(file, `${header}${formatAccounts(accounts)}\n`, { mode: 0o600 });
  return file;
}
