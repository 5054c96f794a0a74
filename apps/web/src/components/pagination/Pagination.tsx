import { Pagination as AntPagination } from 'antd';
import { useEffect } from 'react';
import { appConfig } from '@/config/app-config';
import { t } from '@/lib/i18n';

export interface PaginationProps {
  current: number;
  pageSize: number;
  /** Number of items (the server's totalCount). */
  total: number;
  /** The server's totalPage; derived from total and pageSize when absent. */
  totalPage?: number;
  /** Called with page 1 when the page size changes. */
  onChange: (page: number, pageSize: number) => void;
}

/**
 * List pager (reference-ui §1.1): sizes 10/20/50/100, 'N 条/页', 'total N'. When the number of pages
 * falls below the current page (e.g. the last row of the last page was deleted) it jumps to page 1.
 * Render it with the server's answer, not before, so an empty first render does not trigger the jump.
 */
export function Pagination({ current, pageSize, total, totalPage, onChange }: PaginationProps) {
  const pages = totalPage ?? Math.ceil(total / pageSize);
  useEffect(() => {
    if (current > 1 && pages < current) onChange(1, pageSize);
  }, [current, pages, pageSize, onChange]);

  return (
    <AntPagination
      align="center"
      current={current}
      pageSize={pageSize}
      total={total}
      showSizeChanger
      pageSizeOptions={appConfig.pageSizes.map(String)}
      showTotal={(count) => t('pagination.total', { total: count })}
      onChange={(page, size) => onChange(size === pageSize ? page : 1, size)}
      style={{ marginTop: 16 }}
    />
  );
}
