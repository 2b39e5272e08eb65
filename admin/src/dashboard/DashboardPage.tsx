import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';

// The charts library loads only with the dashboard, not with every back-office page.
const Dashboard = lazy(() => import('./Dashboard').then((m) => ({ default: m.Dashboard })));

export function DashboardPage() {
  return (
    <Suspense fallback={<Loading />}>
      <Dashboard />
    </Suspense>
  );
}
