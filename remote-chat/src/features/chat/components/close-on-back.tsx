import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

interface ViewerState {
  imageViewer?: boolean;
}

/**
 * Gives an overlay its own history entry, so that the browser's back (a phone's back gesture)
 * closes it rather than the chat. Closed another way, the entry is taken back.
 */
export function CloseOnBack({ onClose }: { onClose: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const marked = (location.state as ViewerState | null)?.imageViewer === true;
  const pushed = useRef(false);
  const markedRef = useRef(marked);

  useEffect(() => {
    if (pushed.current || marked) return;
    pushed.current = true;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { state: { ...(location.state as object | null), imageViewer: true } },
    );
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (markedRef.current && !marked) onClose();
    markedRef.current = marked;
  }, [marked, onClose]);

  useEffect(
    () => () => {
      if (markedRef.current) void navigate(-1);
    },
    [navigate],
  );
  return null;
}
