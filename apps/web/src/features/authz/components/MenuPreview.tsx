import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo } from 'react';
import { menuTree } from '@/components/authz-explain/permission-rows';
import { ax } from '@/components/authz-explain/texts';
import { loadMenuIcons, MenuIcon } from '@/components/menu-icon';
import type { ResourceNode } from '@/components/resource-tree/resource-tree-model';
import { resourceTitle } from '@/lib/i18n/resource-title';
import type { ViewAs } from '../api/authz.api';

type MenuItem = Required<MenuProps>['items'][number];

const toItem = (node: ResourceNode): MenuItem => {
  const { resource } = node;
  const icon = resource.icon ? <MenuIcon name={resource.icon} /> : undefined;
  const label = resourceTitle(resource);
  return node.children.length
    ? { key: String(resource.id), icon, label, children: node.children.map(toItem) }
    : { key: String(resource.id), icon, label };
};

const groupKeys = (nodes: readonly ResourceNode[]): string[] =>
  nodes.flatMap((node) => (node.children.length ? [String(node.resource.id), ...groupKeys(node.children)] : []));

/**
 * The side menu as the previewed account would see it: the menu resources (type 0) it holds, as their tree, every
 * group open. A picture: choosing an entry goes nowhere.
 */
export function MenuPreview({ permissions }: { permissions: ViewAs['permissions'] }) {
  const tree = useMemo(() => menuTree(permissions), [permissions]);
  const items = useMemo(() => tree.map(toItem), [tree]);
  useEffect(() => {
    void loadMenuIcons().catch(() => undefined);
  }, []);
  if (!items.length) return <span>{ax('viewAs.noMenus')}</span>;
  return (
    <nav aria-label={ax('viewAs.menus')}>
      <Menu
        mode="inline"
        items={items}
        selectable={false}
        defaultOpenKeys={groupKeys(tree)}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
