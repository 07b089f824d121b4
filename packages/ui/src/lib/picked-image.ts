import type { ChangeEvent } from 'react';
import { validateImageFile } from '@chat/contracts';
import { toast } from '../components/toast/toast-store';

/**
 * The image a file input's change picked, checked as every photo is (type and 10 MB): null, with
 * the product's alert shown, when it is not one. The input is cleared, so picking the same file
 * again is a new change.
 */
export function takePickedImage(event: ChangeEvent<HTMLInputElement>): File | null {
  const picked = event.target.files?.[0];
  event.target.value = '';
  if (!picked) return null;
  const alert = validateImageFile(picked);
  if (!alert) return picked;
  toast({ type: 'alert', title: alert });
  return null;
}
