import { Breadcrumb } from 'antd';
import { useLocation } from 'react-router';
import { menuTitle, t } from '@/lib/i18n';
import { menuTrail } from './menu-meta';

/**
 * Where the page sits in the menu: group › screen (首页 alone on the home page), the contract's menus in the chosen
 * language. Inside each kept page, so it reads that page's own location.
 */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const trail = menuTrail(pathname);
  if (!trail.length) return null;
  return (
    <Breadcrumb
      aria-label={t('nav.breadcrumb')}
      data-testid="breadcrumb"
      style={{ padding: '10px 0 2px', fontSize: 13 }}
      items={trail.map((menu) => ({ key: menu.path, title: menuTitle(menu) }))}
    />
  );
}
