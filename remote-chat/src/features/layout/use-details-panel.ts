import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Below this width the details panel is a sheet over the chat (details-panel.module.css). */
const SHEET_QUERY = '(max-width: 1023px)';

interface SheetState {
  detailsSheet?: boolean;
}

const isSheet = () => window.matchMedia(SHEET_QUERY).matches;

/**
 * Whether the chat's details panel is open. Where it is a sheet over the chat (issue 13), it
 * behaves like one: opening it adds a history entry, so the browser's back closes it, and Escape
 * closes it before the screen's own Escape leaves the chat. From 1024 px it is a side panel and
 * Escape leaves the chat at once (SPEC section 2).
 */
export function useDetailsPanel(): { open: boolean; toggle: () => void; close: () => void } {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const marked = (location.state as SheetState | null)?.detailsSheet === true;

  // Back from the sheet's own entry (the browser's button, or `close` below) closes it.
  const wasMarked = useRef(marked);
  useEffect(() => {
    if (wasMarked.current && !marked) setOpen(false);
    wasMarked.current = marked;
  }, [marked]);

  const close = useCallback(() => {
    setOpen(false);
    if (marked) navigate(-1);
  }, [marked, navigate]);

  const show = useCallback(() => {
    setOpen(true);
    if (isSheet() && !marked) navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { state: { ...(location.state as object | null), detailsSheet: true } });
  }, [location, marked, navigate]);

  const toggle = useCallback(() => (open ? close() : show()), [open, close, show]);

  // Listening on the document runs before the screen's listener on the window.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !isSheet()) return;
      event.preventDefault();
      close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  return { open, toggle, close };
}
