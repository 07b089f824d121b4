import * as z from 'zod/mini';
// Only the pt-BR locale: `z.locales.ptBR()` would pull every locale of zod into the bundle.
import ptBR from 'zod/v4/locales/pt-BR.js';

/**
 * zod's own fallback messages (a missing field, a wrong type) in pt-BR, so that even an error no
 * schema here words explicitly reaches the user in Portuguese. Schemas with an explicit message
 * keep theirs. Runs once on import of the package; the browser and the server both load it.
 * Listed in package.json "sideEffects" so that bundlers keep it while tree-shaking the rest.
 */
z.config(ptBR());
