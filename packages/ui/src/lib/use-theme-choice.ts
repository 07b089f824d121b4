import { useCallback, useState } from 'react';
import type { ThemeChoice } from '@chat/contracts';
import { readThemeChoice, saveThemeChoice } from './theme';

/** The theme choice of this device, for a control that changes it (applied and saved at once). */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useState(readThemeChoice);
  const choose = useCallback((next: ThemeChoice) => {
    saveThemeChoice(next);
    setChoice(next);
  }, []);
  return [choice, choose];
}
