import { WORKSPACE_FEATURES, type WorkspaceFeature } from '@chat/contracts';
import { Switch } from '@chat/ui';
import { FEATURE_TEXTS } from '../lib/feature-texts';
import styles from './workspace-form.module.css';

interface Props {
  value: readonly WorkspaceFeature[];
  onChange: (features: WorkspaceFeature[]) => void;
  idPrefix: string;
}

/** The per-workspace features, each a switch with what it does in Portuguese. */
export function FeaturesFieldset({ value, onChange, idPrefix }: Props) {
  const toggle = (feature: WorkspaceFeature, on: boolean) =>
    // Kept in the canonical order, so an edit that toggles back and forth compares equal.
    onChange(WORKSPACE_FEATURES.filter((f) => (f === feature ? on : value.includes(f))));

  return (
    <fieldset className={styles.features}>
      <legend className={styles.legend}>Funcionalidades</legend>
      {WORKSPACE_FEATURES.map((feature) => {
        const id = `${idPrefix}-${feature}`;
        const { label, description } = FEATURE_TEXTS[feature];
        return (
          <div key={feature} className={styles.feature}>
            <div className={styles.featureText}>
              <label htmlFor={id} className={styles.featureLabel}>
                {label}
              </label>
              <p id={`${id}-description`} className={styles.featureDescription}>
                {description}
              </p>
            </div>
            <Switch
              id={id}
              aria-describedby={`${id}-description`}
              checked={value.includes(feature)}
              onCheckedChange={(on) => toggle(feature, on)}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
