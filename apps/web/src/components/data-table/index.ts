export { type DataColumn, DataTable, type DataTableProps } from './DataTable';
