export { ToolBar, type ToolBarProps } from './ToolBar';
