// The list kit's export control: the query it builds from a list's state, and the download it makes from a screen
// (the dictionary list in the whole app, answered by the mock API).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { catchDownloads } from '@/testing/downloads';
import { setupMockApi } from '@/testing/mock-api';
import { preloadScreens, renderApp } from '@/testing/render-app';
import { exportQuery } from './ExportButton';

const api = setupMockApi();

describe('exportQuery', () => {
  const spec = {
    columns: { name: ['path', 'name'], code: 'orgCode', createTime: 'createTime' },
    query: { dictName: '性别', sort: 'dictCode', order: 'desc', empty: '', none: undefined },
  } as const;

  it('sends the format, the list’s filters and sort (empty ones left out) and the visible columns in order', () => {
    expect(exportQuery(spec, 'csv', ['createTime', 'actions', 'name'])).toEqual({
      format: 'csv',
      dictName: '性别',
      sort: 'dictCode',
      order: 'desc',
      columns: 'createTime,path,name',
    });
  });

  it('adds the columns no list column shows after the visible ones, once each; no map, no columns', () => {
    expect(exportQuery({ ...spec, extraColumns: ['regionName', 'name'] }, 'xlsx', ['code', 'name']).columns).toBe(
      'orgCode,path,name,regionName',
    );
    expect(exportQuery({ query: { a: 1 } }, 'xlsx', ['x'])).toEqual({ format: 'xlsx', a: 1 });
  });
});

describe('导出 on a list screen', () => {
  beforeAll(() => preloadScreens('/system/Dict'));

  it('downloads the list as filtered and sorted, of the columns shown, through the one download path', async () => {
    api.signInAs('admin');
    await renderApp('/system/Dict?sort=dictCode&order=desc&dictName=%E6%80%A7');
    await screen.findAllByRole('table', { name: '字典列表' });
    const downloads = catchDownloads();
    try {
      fireEvent.click(await screen.findByRole('button', { name: /导出/ }));
      fireEvent.click(await screen.findByText('CSV (.csv)'));
      await screen.findByText('已导出 字典.csv');
      expect(downloads.saved.map((file) => file.name)).toEqual(['字典.csv']);
    } finally {
      downloads.stop();
    }
    const [sent] = await api.sent(routes.exportDicts);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({
      format: 'csv',
      dictName: '性',
      sort: 'dictCode',
      order: 'desc',
      columns: 'dictName,dictCode,remark,value,parentValue,orderNum',
    });
  });

  it('asks for Excel with format=xlsx', async () => {
    api.signInAs('admin');
    await renderApp('/system/Dict');
    await screen.findAllByRole('table', { name: '字典列表' });
    fireEvent.click(await screen.findByRole('button', { name: /导出/ }));
    fireEvent.click(await screen.findByText('Excel (.xlsx)'));
    await waitFor(async () => expect(await api.sent(routes.exportDicts)).toHaveLength(1));
    const [sent] = await api.sent(routes.exportDicts);
    expect(sent?.query.get('format')).toBe('xlsx');
  });
});
