import { useEffect, useState } from 'react';
import { getActiveApiKey } from '@chat/api-client';
import { ERROR_TEXTS, type ApiKey } from '@chat/contracts';
import { notifyError } from '../../../shared/notify';

/** The user's active key record (never the key itself), loaded once; `replace` after a creation. */
export function useActiveApiKey(): { active: ApiKey | null; loading: boolean; replace: (key: ApiKey) => void } {
  const [active, setActive] = useState<ApiKey | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    getActiveApiKey()
      .then(({ data }) => current && setActive(data))
      .catch((error: unknown) => current && notifyError(error, ERROR_TEXTS.apiKey.get))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, []);

  return { active, loading, replace: setActive };
}
