import { type CSSProperties, useSyncExternalStore } from 'react';
import type { ICON_COMPONENTS } from './icons';
import { isMenuIcon } from './names';

type IconMap = typeof ICON_COMPONENTS;

let loaded: IconMap | null = null;
let loading: Promise<IconMap> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the icons' chunk once (a dynamic import: the pictures stay out of every route's cold load). The layout calls
 * it as it mounts, so the side menu's icons are in by the time it paints in most loads.
 */
export function loadMenuIcons(): Promise<IconMap> {
  loading ??= import('./icons').then((module) => {
    loaded = module.ICON_COMPONENTS;
    for (const listener of listeners) listener();
    return loaded;
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  void loadMenuIcons().catch(() => undefined);
  return () => listeners.delete(listener);
};
const snapshot = () => loaded;

/**
 * A menu's icon by its antd name (the menu resource's `icon`). Renders an empty square of the icon's size until the
 * chunk is in, so nothing moves when the picture arrives; renders nothing for an empty or unknown name. Decorative
 * (aria-hidden): the menu item, tab or option around it carries the title.
 */
export function MenuIcon({
  name,
  className,
  style,
}: {
  name: string | null | undefined;
  className?: string;
  style?: CSSProperties;
}) {
  const icons = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (!isMenuIcon(name)) return null;
  const Component = icons?.[name];
  if (!Component) {
    return (
      <span
        className={`anticon ${className ?? ''}`.trim()}
        aria-hidden
        data-menu-icon={name}
        style={{ display: 'inline-block', width: '1em', height: '1em', ...style }}
      />
    );
  }
  return <Component className={className} style={style} aria-hidden data-menu-icon={name} />;
}
