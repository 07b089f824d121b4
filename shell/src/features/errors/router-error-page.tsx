import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundPage } from './not-found-page';

/**
 * docs/produto.md, Telas: the router error screen reads 'Error'; an unmatched route is a generic
 * 404.
 */
export function RouterErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <div role="alert" style={{ padding: 32, fontSize: 24 }}>
      Error
    </div>
  );
}
