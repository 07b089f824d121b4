import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { dismissToast, type ToastItem, type ToastType } from '@chat/ui/toast-store';
import styles from './toast.module.css';

const icons: Record<ToastType, typeof Info> = {
  default: Info,
  success: CircleCheck,
  error: CircleAlert,
  alert: TriangleAlert,
};

export function ToastCard({ item }: { item: ToastItem }) {
  const Icon = icons[item.type];
  return (
    <ToastPrimitive.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      duration={item.duration}
      // Errors and alerts interrupt screen readers; the rest wait their turn.
      type={item.type === 'error' || item.type === 'alert' ? 'foreground' : 'background'}
      data-type={item.type}
      className={styles.toast}
    >
      <Icon className={styles.icon} size={20} aria-hidden="true" />
      <div className={styles.text}>
        <ToastPrimitive.Title className={styles.title}>{item.title}</ToastPrimitive.Title>
        {item.description ? (
          <ToastPrimitive.Description className={styles.description}>{item.description}</ToastPrimitive.Description>
        ) : null}
      </div>
      <ToastPrimitive.Close className={styles.close} aria-label="Fechar">
        <X size={16} aria-hidden="true" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
