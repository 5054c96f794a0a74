// One module per part, so a screen's chunk pulls only what it uses (the account screen: no antd Table or Form).
export { ListTotal } from './ListTotal';
export { type PagedList, PagedTable, type PagedTableProps } from './PagedTable';
export { SearchActions } from './SearchActions';
export { SearchField, SearchForm } from './SearchForm';
