export { DictCascader, type DictCascaderProps } from './DictCascader';
export { DictCheckbox, type DictCheckboxProps } from './DictCheckbox';
export { DictRadio, type DictRadioProps } from './DictRadio';
export { DictSelect, type DictSelectProps, type DictValue } from './DictSelect';
export { buildTree, DICT_ALL, type DictItem, loadDictItems, subtreeIds, type TreeNode } from './dict-items';
