import { lazy, Suspense } from 'react';
import { storageUsage } from '@chat/contracts';
import { CollapsibleSection, Spinner } from '@chat/ui';
import { useStorage } from '../hooks/use-storage';
import { STORAGE_TEXTS } from '../storage-texts';

// The body (its bar and switch) loads when the section opens: the team page's first download stays
// within its budget, and the title already says what is used.
const StorageDetails = lazy(async () => ({ default: (await import('./storage-details')).StorageDetails }));

/** The team page's 'Armazenamento': the usage in its title, the details and settings when opened. */
export function StorageSection() {
  const { workspace } = useStorage();
  const usage = workspace ? storageUsage(workspace.storageUsedBytes, workspace.storageQuotaMb) : null;
  return (
    <CollapsibleSection title={usage ? `${STORAGE_TEXTS.title} · ${usage.text}` : STORAGE_TEXTS.title} fit contentHeight={240}>
      <Suspense fallback={<Spinner size="md" />}>
        <StorageDetails />
      </Suspense>
    </CollapsibleSection>
  );
}
