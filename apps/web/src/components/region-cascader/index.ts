export {
  mergePath,
  RegionCascader,
  type RegionCascaderProps,
  type RegionNode,
  type RegionSource,
} from './RegionCascader';
