import type { ThemeChoice } from '@chat/contracts';
import { useThemeChoice } from '@chat/ui';
import { Monitor, Moon, Sun } from 'lucide-react';
import styles from './theme-section.module.css';

const OPTIONS: { value: ThemeChoice; label: string; Icon: typeof Sun }[] = [
  { value: 'system', label: 'Automático (do sistema)', Icon: Monitor },
  { value: 'light', label: 'Claro', Icon: Sun },
  { value: 'dark', label: 'Escuro', Icon: Moon },
];

/**
 * 'Tema' in Configurações: the device's setting, or always light or dark. Applied at once and kept
 * on this device (docs/produto.md, Tema), so it also holds on the sign-in page.
 */
export function ThemeSection() {
  const [choice, choose] = useThemeChoice();
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Tema</legend>
      <p className={styles.hint}>Vale para este aparelho.</p>
      <div className={styles.options}>
        {OPTIONS.map(({ value, label, Icon }) => (
          <label key={value} className={styles.option}>
            <input type="radio" name="theme" value={value} checked={choice === value} onChange={() => choose(value)} />
            <Icon size={18} aria-hidden />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
