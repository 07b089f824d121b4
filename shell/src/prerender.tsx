// The sign-in page as static HTML, rendered at build time (rsbuild.prerender.config.ts): the
// server writes it into the page it sends for '/', so the title and the form paint before the
// app's script has downloaded and run (on a phone the h1, the page's largest paint,
// waited for the whole shell). The app's first render replaces it (createRoot empties #root).
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import '@chat/ui/styles.css';
import { SignInCard } from './features/sign-in/sign-in-card';

/** The sign-in page as the app first renders it for a signed-out visitor (every link shown). */
export function renderSignInPage(): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <SignInCard preview loading={false} showForgotPassword showRegister onSubmit={() => Promise.resolve()} />
    </MemoryRouter>,
  );
}
