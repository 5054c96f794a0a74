import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// The dashboard (and ECharts with it) is a chunk of its own, loaded when the home page is first shown.
const Dashboard = lazy(() => import('./components/Dashboard').then((module) => ({ default: module.Dashboard })));

/** Home inside the main layout: the account's card and, with the 统计概览 permission, the dashboard. */
export function HomePage() {
  return (
    <Suspense
      fallback={
        <div style={{ padding: '24px 0' }}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      }
    >
      <Dashboard />
    </Suspense>
  );
}
