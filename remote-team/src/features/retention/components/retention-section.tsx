import { getRetentionPolicy, saveRetentionPolicy } from '@chat/api-client';
import { AUDIT_TEXTS } from '@chat/contracts';
import { DaysSetting } from '@chat/ui';
import { teamKeys } from '../../../query-keys';

/** 'Retenção de mensagens': how many days the workspace keeps messages and files (0: forever). */
export default function RetentionSection() {
  return (
    <DaysSetting
      title={AUDIT_TEXTS.retentionTitle}
      help={AUDIT_TEXTS.retentionHelp}
      label={AUDIT_TEXTS.retentionLabel}
      savedText={AUDIT_TEXTS.retentionSaved}
      queryKey={teamKeys.retention}
      load={async () => (await getRetentionPolicy()).data.messageRetentionDays}
      save={(days) => saveRetentionPolicy({ messageRetentionDays: days })}
    />
  );
}
