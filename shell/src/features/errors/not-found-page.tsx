import { Link } from 'react-router-dom';
import { CardLayout } from '@chat/ui';

export function NotFoundPage() {
  return (
    <CardLayout title="404 · Página não encontrada">
      <p style={{ margin: '0 0 16px', color: 'var(--ui-color-text-muted)' }}>O endereço que você abriu não existe ou foi movido.</p>
      <Link to="/">Ir para o início</Link>
    </CardLayout>
  );
}
