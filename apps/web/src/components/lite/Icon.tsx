import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { type CSSProperties, createElement, type ReactNode } from 'react';

function renderNode(node: AbstractNode, key: number): ReactNode {
  return createElement(node.tag, { ...node.attrs, key }, ...(node.children ?? []).map(renderNode));
}

/**
 * One icon of @ant-design/icons-svg (antd's own icon set, as data) without @ant-design/icons' runtime: the same
 * picture as antd's icons, for the parts of the app that render without antd (docs/adr/0014). Decorative: the
 * control around it carries the name.
 */
export function Icon({ icon, style }: { icon: IconDefinition; style?: CSSProperties }) {
  // Outlined and filled icons are plain nodes; two-tone ones (a function of their colours) are not used here.
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span className="gh-icon" aria-hidden style={style}>
      <svg viewBox={svg.attrs.viewBox} focusable="false" aria-hidden="true">
        {(svg.children ?? []).map(renderNode)}
      </svg>
    </span>
  );
}
