import { CardLayout, EmptyState } from '@chat/ui';

/** Honest body for public pages that the accounts issue fills; the route and frame are real. */
export function UnderConstructionPage({ title }: { title: string }) {
  return (
    <CardLayout title={title} backTo="/">
      <EmptyState text="Esta página está em construção." />
    </CardLayout>
  );
}
