import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

export const UNSAVED_CHANGES_TEXT = 'Há alterações não salvas. Sair sem salvar?';

/**
 * While a form holds what was not saved (`dirty`), leaving the page asks first: a move to another
 * route inside the app (the router's blocker, answered with the browser's own confirmation), and
 * closing or reloading the tab (the browser's 'beforeunload' prompt, whose text browsers fix).
 */
export function useUnsavedChanges(dirty: boolean): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_TEXT)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
