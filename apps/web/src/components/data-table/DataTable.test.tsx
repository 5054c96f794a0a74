import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type DataColumn, DataTable } from './DataTable';

interface Row {
  id: number;
  name: string;
  state: boolean;
}

const columns: DataColumn<Row>[] = [
  { key: 'name', title: '名称', align: 'center' },
  { key: 'state', title: '状态', width: 90, render: (row) => (row.state ? '启用' : '禁用') },
];

const rows: Row[] = [
  { id: 1, name: '甲', state: true },
  { id: 2, name: '乙', state: false },
];

describe('DataTable', () => {
  it('renders a column header per column and a row per item, each cell its value or its render', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(row) => row.id} label="示例列表" />);
    const table = screen.getByRole('table', { name: '示例列表' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['名称', '状态']);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(
      bodyRows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['甲', '启用'],
      ['乙', '禁用'],
    ]);
    expect(within(bodyRows[0] as HTMLElement).getAllByRole('cell')[0]?.style.textAlign).toBe('center');
    expect((table.querySelectorAll('col')[1] as HTMLElement).style.width).toBe('90px');
    expect(table.getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('without rows: one cell across every column saying 暂无数据', () => {
    render(<DataTable columns={columns} rows={[]} rowKey={(row) => row.id} />);
    const cells = screen.getAllByRole('cell');
    expect(cells).toHaveLength(1);
    expect(cells[0]?.getAttribute('colspan')).toBe('2');
    expect(cells[0]?.textContent).toBe('暂无数据');
  });

  it('loading: keeps the rows, says the table is busy and shows a 加载中 spinner', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(row) => row.id} loading />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('加载中...');
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});
