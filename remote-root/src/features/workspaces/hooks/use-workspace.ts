import { useEffect, useState } from 'react';
import { getWorkspace } from '@chat/api-client';
import { ERROR_TEXTS, type Workspace } from '@chat/contracts';
import { notifyError } from '../lib/notify';

type Loaded = { id: string; workspace: Workspace | null };

/** GET /workspace/{id} while the edit modal is open: the form starts from the current values. */
export function useWorkspace(id: string | null) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!id) return;
    let current = true;
    getWorkspace(id).then(
      ({ data }) => current && setLoaded({ id, workspace: data }),
      (error: unknown) => {
        if (!current) return;
        notifyError(ERROR_TEXTS.workspace.getTitle, error, ERROR_TEXTS.workspace.unknown);
        setLoaded({ id, workspace: null });
      },
    );
    return () => {
      current = false;
    };
  }, [id]);

  // What was loaded for another card (or before closing) does not count.
  const mine = loaded && loaded.id === id ? loaded : null;
  return { workspace: mine?.workspace ?? null, failed: mine !== null && mine.workspace === null };
}
