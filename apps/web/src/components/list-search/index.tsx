import { InfoCircleOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Space, Table, type TableProps, theme } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../lib/i18n';
import { Pagination } from '../pagination';

/** The 查询 / 重置 pair closing every list screen's inline search form (查询 submits the form). */
export function SearchActions({ onReset }: { onReset: () => void }) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
          {t('common.search')}
        </Button>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={onReset}>
          {t('common.reset')}
        </Button>
      </Space>
    </Form.Item>
  );
}

/** The '共 N 条记录' line between a list's search form and its table. */
export function ListTotal({ testId, children }: { testId: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={6} style={{ margin: '16px 0 8px', color: '#888' }}>
      <InfoCircleOutlined aria-hidden />
      <span data-testid={testId} style={{ color: token.colorTextSecondary }}>
        {children}
      </span>
    </Flex>
  );
}

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
