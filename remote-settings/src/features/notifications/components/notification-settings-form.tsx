import { type FormEvent, useMemo, useState } from 'react';
import {
  NOTIFICATION_LEVELS,
  NOTIFICATION_SETTINGS_TEXTS as T,
  type NotificationSettings,
  notificationSettingsSchema,
} from '@chat/contracts';
import { Button, Spinner, Switch } from '@chat/ui';
import { useNotificationSettings } from '../hooks/use-notification-settings';
import styles from './notifications.module.css';

const DEFAULT_QUIET = { start: '22:00', end: '07:00' };

/** The zones the browser knows, with the person's own first. */
function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, ...all])];
}

function SettingsFields({
  initial,
  saving,
  onSave,
}: {
  initial: NotificationSettings;
  saving: boolean;
  onSave: (s: NotificationSettings) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [quiet, setQuiet] = useState(initial.quietHours ?? DEFAULT_QUIET);
  const [error, setError] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(initial.timeZone), [initial.timeZone]);
  const set = (changes: Partial<NotificationSettings>) => setDraft((d) => ({ ...d, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = notificationSettingsSchema.safeParse({ ...draft, quietHours: draft.quietHours ? quiet : null });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    onSave(parsed.data);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{T.levelLabel}</legend>
        {NOTIFICATION_LEVELS.map((level) => (
          <label key={level} className={styles.choice}>
            <input type="radio" name="level" value={level} checked={draft.level === level} onChange={() => set({ level })} />
            {T.levels[level]}
          </label>
        ))}
      </fieldset>

      <div className={styles.switchRow}>
        <label htmlFor="quiet-hours">{T.quietHours}</label>
        <Switch id="quiet-hours" checked={draft.quietHours !== null} onCheckedChange={(on) => set({ quietHours: on ? quiet : null })} />
      </div>
      <p className={styles.hint}>{T.quietHoursHint}</p>
      {draft.quietHours !== null && (
        <div className={styles.hours}>
          <div className={styles.time}>
            <label htmlFor="quiet-start">{T.from}</label>
            <input
              id="quiet-start"
              type="time"
              value={quiet.start}
              onChange={(e) => setQuiet((q) => ({ ...q, start: e.target.value }))}
              required
            />
          </div>
          <div className={styles.time}>
            <label htmlFor="quiet-end">{T.to}</label>
            <input
              id="quiet-end"
              type="time"
              value={quiet.end}
              onChange={(e) => setQuiet((q) => ({ ...q, end: e.target.value }))}
              required
            />
          </div>
        </div>
      )}
      <div className={styles.zone}>
        <label htmlFor="time-zone">{T.timeZone}</label>
        <select id="time-zone" value={draft.timeZone} onChange={(e) => set({ timeZone: e.target.value })}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </div>

      <div className={styles.switchRow}>
        <label htmlFor="sound">{T.sound}</label>
        <Switch id="sound" checked={draft.sound} onCheckedChange={(sound) => set({ sound })} />
      </div>

      <div className={styles.switchRow}>
        <label htmlFor="email-digest">{T.emailDigest}</label>
        <Switch
          id="email-digest"
          aria-describedby="email-digest-hint"
          checked={draft.emailDigest}
          onCheckedChange={(emailDigest) => set({ emailDigest })}
        />
      </div>
      <p id="email-digest-hint" className={styles.hint}>
        {T.emailDigestHint}
      </p>

      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" loading={saving}>
          {T.save}
        </Button>
      </div>
    </form>
  );
}

/** What rings, for this person on every device: the server applies it to pushes and the e-mail digest, the page to sound and desktop notifications. */
export function NotificationSettingsForm() {
  const { settings, loading, save, saving } = useNotificationSettings();
  return (
    <section className={styles.section} aria-labelledby="notification-settings-title">
      <h3 id="notification-settings-title" className={styles.heading}>
        {T.title}
      </h3>
      {loading || !settings ? <Spinner size="sm" /> : <SettingsFields initial={settings} saving={saving} onSave={save} />}
    </section>
  );
}
