export { LanguageSwitch } from './LanguageSwitch';
export { ThemeToggle } from './ThemeToggle';
