/* global document */
// Runs before the page's body is parsed (a plain script in the head of the page the server sends
// for '/', see server/src/modules/web/index-page.ts): a visitor with a stored session is sent on
// by the app, so the static sign-in page written into that page must not flash for them. The
// attribute hides it (the page's <style>); an external file because the CSP allows no inline script.
try {
  if (localStorage.getItem('@team-chat:token') || localStorage.getItem('@team-chat:refreshToken')) {
    document.documentElement.setAttribute('data-stored-session', '');
  }
} catch {
  // Storage refused (privacy settings): the app decides once it runs.
}
