export { ResourceTree, type ResourceTreeProps } from './ResourceTree';
export {
  buildResourceTree,
  checkedFromSaved,
  type IsGrantable,
  type Linkage,
  METHOD_COLORS,
  parentIds,
  type Resource,
  type ResourceNode,
  savedIds,
  searchTree,
  subtreeIds,
  toggleSubtree,
} from './resource-tree-model';
