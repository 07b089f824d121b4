import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Below this width a side panel is a sheet over the chat (shared/components/side-panel.module.css). */
const SHEET_QUERY = '(max-width: 1023px)';

interface SheetState {
  sidePanelSheet?: boolean;
}

const isSheet = () => window.matchMedia(SHEET_QUERY).matches;

export interface SidePanelState<T> {
  /** What the panel shows, or null when it is closed. */
  shown: T | null;
  show: (value: T) => void;
  close: () => void;
}

/**
 * The chat's one side panel (the details, or 'Informações' of a message) and what it shows.
 * Where it is a sheet over the chat, it behaves like one: opening it adds a history
 * entry, so the browser's back closes it, and Escape closes it before the screen's own Escape
 * leaves the chat. From 1024 px it sits beside the chat, and Escape leaves the chat at once
 * (docs/produto.md, Telas) unless `closesOnEscape(value)` says this panel closes first (a transient
 * one that nothing else toggles). Showing another value while one is shown replaces it in place.
 */
export function useSidePanel<T>(closesOnEscape: (value: T) => boolean = () => false): SidePanelState<T> {
  const [shown, setShown] = useState<T | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const marked = (location.state as SheetState | null)?.sidePanelSheet === true;

  // Back from the sheet's own entry (the browser's button, or `close` below) closes it.
  const wasMarked = useRef(marked);
  useEffect(() => {
    if (wasMarked.current && !marked) setShown(null);
    wasMarked.current = marked;
  }, [marked]);

  const close = useCallback(() => {
    setShown(null);
    if (marked) void navigate(-1);
  }, [marked, navigate]);

  const show = useCallback(
    (value: T) => {
      setShown(value);
      if (isSheet() && !marked) {
        void navigate(
          { pathname: location.pathname, search: location.search, hash: location.hash },
          { state: { ...(location.state as object | null), sidePanelSheet: true } },
        );
      }
    },
    [location, marked, navigate],
  );

  // Listening on the document runs before the screen's listener on the window.
  useEffect(() => {
    if (shown === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !(isSheet() || closesOnEscape(shown))) return;
      event.preventDefault();
      close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown, close, closesOnEscape]);

  return { shown, show, close };
}
