// "The message is in Portuguese" as a test can check it: a non-empty text with no English error
// wording (Fastify's and zod's defaults are English: "Route ... not found", "Invalid input",
// "Expected string", "Body cannot be empty"...). A Portuguese sentence never matches these words.

const ENGLISH =
  /\b(the|not|found|must|invalid|required|expected|cannot|received|unexpected|error|body|route|forbidden|unauthorized|too|large|payload|unsupported|media type|should|is)\b/i;

export function isPortugueseMessage(body: string): boolean {
  let message: unknown;
  try {
    message = (JSON.parse(body) as { message?: unknown }).message;
  } catch {
    return false;
  }
  return typeof message === 'string' && message.trim().length > 0 && !ENGLISH.test(message);
}
