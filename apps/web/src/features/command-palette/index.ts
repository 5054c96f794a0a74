export { CommandPaletteLauncher } from './components/CommandPaletteLauncher';
