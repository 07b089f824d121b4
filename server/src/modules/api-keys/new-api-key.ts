import { randomInt } from 'node:crypto';
import { API_KEY_PREFIX } from '@chat/contracts';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// 32 characters of 62: about 190 random bits. Letters and digits only, so a double click selects it.
const KEY_LENGTH = 32;

/** A new API key made by the server: nobody can pick its value, nor guess it. */
export const newApiKey = () => API_KEY_PREFIX + Array.from({ length: KEY_LENGTH }, () => BASE62[randomInt(BASE62.length)]).join('');
