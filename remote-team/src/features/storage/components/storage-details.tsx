import { useId } from 'react';
import { HardDrive } from 'lucide-react';
import { storageUsage } from '@chat/contracts';
import { Spinner, Switch } from '@chat/ui';
import { useStorage } from '../hooks/use-storage';
import { STORAGE_TEXTS } from '../storage-texts';
import styles from './storage.module.css';

/**
 * The storage section's body: what the workspace's uploads take (against ROOT's quota, when set) and
 * the admin's setting that refuses executables.
 */
export function StorageDetails() {
  const { workspace, setRefuseExecutables, saving } = useStorage();
  const switchId = useId();
  const hintId = useId();
  const usage = workspace ? storageUsage(workspace.storageUsedBytes, workspace.storageQuotaMb) : null;

  return (
    <>
      {!workspace || !usage ? (
        <Spinner size="md" />
      ) : (
        <div className={styles.section}>
          <div className={styles.usage}>
            <span className={styles.icon} aria-hidden="true">
              <HardDrive size={18} />
            </span>
            <span className={styles.label}>{STORAGE_TEXTS.used}</span>
            <span className={styles.figure} data-testid="storage-used">
              {usage.text}
            </span>
          </div>
          {usage.percent === null ? (
            <span className={styles.muted}>{STORAGE_TEXTS.noQuota}</span>
          ) : (
            <>
              <div
                className={styles.track}
                role="meter"
                aria-label={STORAGE_TEXTS.used}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={usage.percent}
                aria-valuetext={usage.text}
              >
                <span className={styles.bar} data-full={usage.full || undefined} style={{ width: `${usage.percent}%` }} />
              </div>
              {usage.full && <span className={styles.full}>{STORAGE_TEXTS.full}</span>}
            </>
          )}
          <div className={styles.setting}>
            <span className={styles.settingText}>
              <label htmlFor={switchId} className={styles.settingLabel}>
                {STORAGE_TEXTS.refuse}
              </label>
              <span id={hintId} className={styles.muted}>
                {STORAGE_TEXTS.refuseHint}
              </span>
            </span>
            <Switch
              id={switchId}
              aria-describedby={hintId}
              checked={workspace.refuseExecutables}
              disabled={saving}
              onCheckedChange={(checked) => setRefuseExecutables(checked)}
            />
          </div>
        </div>
      )}
    </>
  );
}
