export { EChart, type EChartProps } from './EChart';
export {
  accountsPerOrgOption,
  type ChartOption,
  type ChartTheme,
  type DayCount,
  type NamedCount,
  newAccountsPerDayOption,
  shortDate,
} from './options';
