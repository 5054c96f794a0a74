import { Outlet } from 'react-router';

/** `/data-v*` screens (full-screen dashboards): no header, no menu. */
export function BlankLayout() {
  return (
    <div style={{ minHeight: '100vh' }}>
      <Outlet />
    </div>
  );
}
