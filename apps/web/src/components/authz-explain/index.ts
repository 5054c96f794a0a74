// 权限说明 and 授权说明: UI without HTTP of its own, shared by the screens that explain (账号管理, 资源管理)
// and 权限预览 (features/authz). Only the light part is here, what a list screen holds from its first paint (the
// preview's address, types); the drawers and the parts of 权限预览 are imported by their own modules, the drawers
// lazily, so none of their code (antd's Drawer, Result, Skeleton, the tree model) joins a screen's cold load.
export type {
  AccountExplanation,
  ExplainedResource,
  LoadExplanation,
  ResourceExplanation,
  ScopeSummary,
} from './types';
export { readViewAsTarget, VIEW_AS_PATH, type ViewAsTarget, viewAsAddress } from './view-as-address';
