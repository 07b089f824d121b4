import { randomInt } from 'node:crypto';

// XXX-XXX in upper-case letters and digits (docs/produto.md, Contas, sessões e segurança). 0/O and
// 1/I are left out because people type these codes; 32^6 (about a billion) codes remain.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const block = () => Array.from({ length: 3 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export const generateInviteCode = () => `${block()}-${block()}`;

/** The register page with the code and the e-mail filled in: the mailed link and the copied one. */
export const inviteLink = (appUrl: string, code: string, email: string) =>
  `${appUrl}/register?${new URLSearchParams({ inviteCode: code, email }).toString()}`;
