import { z } from 'zod';

/**
 * zod's own fallback messages (a missing field, a wrong type) in pt-BR, so that even an error no
 * schema here words explicitly reaches the user in Portuguese. Schemas with an explicit message
 * keep theirs. Runs once on import of the package; the browser and the server both load it.
 */
z.config(z.locales.ptBR());
