import { Table, type TableProps } from 'antd';
import { Pagination } from '@/components/pagination';

/** One page of a list as the API answers it. */
export interface PagedList<T> {
  list: T[];
  totalCount: number;
  totalPage: number;
}

export type PagedTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading'> & {
  /** The page shown; undefined before the first answer (no pager then). */
  page: PagedList<T> | undefined;
  loading: boolean;
  current: number;
  pageSize: number;
  onPageChange: (p: number, pageSize: number) => void;
};

/** A list screen's bordered table over one page of rows, with the shared pager under it. */
export function PagedTable<T extends object>({
  page,
  loading,
  current,
  pageSize,
  onPageChange,
  ...table
}: PagedTableProps<T>) {
  return (
    <>
      <Table<T>
        rowKey="id"
        size="middle"
        bordered
        {...table}
        dataSource={page?.list ?? []}
        loading={loading}
        pagination={false}
      />
      {page && (
        <Pagination
          current={current}
          pageSize={pageSize}
          total={page.totalCount}
          totalPage={page.totalPage}
          onChange={onPageChange}
        />
      )}
    </>
  );
}
