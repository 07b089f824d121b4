import { Spinner } from '@chat/ui';

/** Shown for the moment the startup renewal takes, instead of deciding where to go too early. */
export function SessionPending() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <Spinner size="lg" label="Restaurando a sessão" />
    </div>
  );
}
