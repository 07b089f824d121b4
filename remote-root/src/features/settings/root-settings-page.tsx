import { getAuditSettings, saveAuditSettings } from '@chat/api-client';
import { AUDIT_TEXTS } from '@chat/contracts';
import { DaysSetting, PageHeader } from '@chat/ui';
import { rootKeys } from '../../query-keys';
import styles from './root-settings-page.module.css';

/** /root/settings: what ROOT sets for the whole installation, the activity log's period. */
export function RootSettingsPage() {
  return (
    <div className={styles.page}>
      <PageHeader title="Configurações" />
      <DaysSetting
        title={AUDIT_TEXTS.title}
        help="Por quanto tempo as entradas do registro de atividades ficam guardadas, em todos os workspaces. 0 mantém tudo."
        label={AUDIT_TEXTS.auditRetentionLabel}
        savedText={AUDIT_TEXTS.auditRetentionSaved}
        queryKey={rootKeys.auditSettings}
        load={async () => (await getAuditSettings()).data.retentionDays}
        save={(days) => saveAuditSettings({ retentionDays: days })}
      />
    </div>
  );
}
