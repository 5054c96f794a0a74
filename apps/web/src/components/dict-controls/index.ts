export { DictCascader, type DictCascaderProps } from './DictCascader';
export { DictCheckbox, type DictCheckboxProps } from './DictCheckbox';
export { DictRadio, type DictRadioProps } from './DictRadio';
export { DictSelect, type DictSelectProps, type DictValue } from './DictSelect';
export { DictTag } from './DictTag';
export {
  buildTree,
  DICT_ALL,
  type DictItem,
  loadDictItems,
  offeredItems,
  subtreeIds,
  type TreeNode,
} from './dict-items';
