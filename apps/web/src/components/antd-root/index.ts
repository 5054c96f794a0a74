export { AntdOutlet, AntdRoot, mountNoticeIsland } from './AntdRoot';
