export { loadMenuIcons, MenuIcon } from './MenuIcon';
export { isMenuIcon, MENU_ICONS, type MenuIconName } from './names';
