// Runs the controls against a real node:http server through the app's http client, so the GET cache and
// the request de-duplication are the real ones.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http } from '@/lib/http';
import { TestProviders } from '@/testing/TestProviders';
import { buildTree, DictCascader, DictCheckbox, type DictItem, DictRadio, DictSelect, subtreeIds } from '.';

const item = (id: number, value: string, pid: number | null = null, dictCode = 'gender'): DictItem => ({
  id,
  dictCode,
  value,
  pid,
  orderNum: id,
});

const gender = [item(1, '男'), item(2, '女')];
const region = [
  item(10, '江苏省', null, 'region'),
  item(11, '苏州市', 10, 'region'),
  item(12, '吴中区', 11, 'region'),
  item(20, '浙江省', null, 'region'),
];
const dictionaries: Record<string, DictItem[]> = { gender, region };

let server: Server;
let requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${url.pathname}?${url.searchParams}`);
    const items =
      url.pathname === '/api/dict/item/s' ? dictionaries[url.searchParams.get('dictCode') ?? ''] : undefined;
    res.writeHead(items ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(items ? { code: 200, msg: 'ok', data: items } : { code: 404, msg: 'no such path' }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  // The app's client calls the relative base `/api`: make the page live on the test server's origin.
  const { port } = server.address() as AddressInfo;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${port}/`);
});

afterAll(() => {
  server.close();
});

beforeEach(() => {
  http.clearCache();
  requests = [];
});

const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option')].map((el) => el.textContent);

describe('dictionary controls', () => {
  it('DictSelect offers 全部 first, then item values as labels with ids as values', async () => {
    const changes: unknown[] = [];
    render(
      <TestProviders>
        <DictSelect dictCode="gender" open onChange={(value) => changes.push(value)} />
      </TestProviders>,
    );
    await waitFor(() => expect(optionTexts()).toEqual(['全部', '男', '女']));
    fireEvent.click(screen.getByTitle('女'));
    expect(changes).toEqual([2]);
  });

  it('DictSelect without 全部 (noAll) shows the chosen item’s label', async () => {
    render(
      <TestProviders>
        <DictSelect dictCode="gender" noAll value={1} open />
      </TestProviders>,
    );
    await waitFor(() => expect(optionTexts()).toEqual(['男', '女']));
    expect(document.querySelector('.ant-select-content')?.textContent).toContain('男');
  });

  it('loads each dictCode once per session, however many controls use it', async () => {
    render(
      <TestProviders>
        <DictSelect dictCode="gender" />
        <DictRadio dictCode="gender" />
        <DictCheckbox dictCode="gender" />
      </TestProviders>,
    );
    await screen.findAllByText('男');
    await waitFor(() => expect(screen.getAllByText('男')).toHaveLength(2));
    expect(requests).toEqual(['/api/dict/item/s?dictCode=gender']);

    // A control mounted later answers from the cache.
    render(
      <TestProviders>
        <DictRadio dictCode="gender" noAll />
      </TestProviders>,
    );
    await waitFor(() => expect(screen.getAllByText('男')).toHaveLength(3));
    expect(requests).toHaveLength(1);

    // After logout the cache is cleared and the next control asks again.
    http.clearCache();
    render(
      <TestProviders>
        <DictCheckbox dictCode="gender" />
      </TestProviders>,
    );
    await waitFor(() => expect(requests).toHaveLength(2));
  });

  it('DictRadio starts on 全部 and emits the chosen id', async () => {
    function Harness() {
      const [value, setValue] = useState<number | ''>('');
      return (
        <>
          <DictRadio dictCode="gender" value={value} onChange={setValue} />
          <output>{`value=${value}`}</output>
        </>
      );
    }
    render(
      <TestProviders>
        <Harness />
      </TestProviders>,
    );
    fireEvent.click(await screen.findByRole('radio', { name: '女' }));
    expect(screen.getByText('value=2')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '全部' }));
    expect(screen.getByText('value=')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '全部' }) as HTMLInputElement).checked).toBe(true);
  });

  it('DictCheckbox emits the checked ids', async () => {
    function Harness() {
      const [value, setValue] = useState<number[]>([]);
      return (
        <>
          <DictCheckbox dictCode="gender" value={value} onChange={setValue} />
          <output>{`value=${value.join(',')}`}</output>
        </>
      );
    }
    render(
      <TestProviders>
        <Harness />
      </TestProviders>,
    );
    const male = await screen.findByRole('checkbox', { name: '男' });
    // The group learns its options in passive effects; let them run before clicking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(male);
    await screen.findByText('value=1');
    fireEvent.click(screen.getByRole('checkbox', { name: '女' }));
    await screen.findByText('value=1,2');
    expect(screen.queryByRole('checkbox', { name: '全部' })).toBeNull();
  });

  it('DictCascader shows the path of the value and emits the id of any level', async () => {
    const changes: unknown[] = [];
    render(
      <TestProviders>
        <DictCascader dictCode="region" value={12} disabledIds={[20]} onChange={(value) => changes.push(value)} />
      </TestProviders>,
    );
    await screen.findByText('江苏省 / 苏州市 / 吴中区');
    fireEvent.mouseDown(document.querySelector('.ant-select') as Element);
    const menu = await waitFor(() => {
      const found = document.querySelector('.ant-cascader-menus');
      if (!found) throw new Error('menu not open');
      return found as HTMLElement;
    });
    const province = within(menu).getByTitle('浙江省');
    expect(province.className).toContain('ant-cascader-menu-item-disabled');
    fireEvent.click(within(menu).getByTitle('江苏省'));
    expect(changes).toEqual([10]);
  });
});

describe('buildTree / subtreeIds', () => {
  const items = region;

  it('nests by pid, keeps sibling order and treats unknown parents as roots', () => {
    const tree = buildTree([...items, item(30, '孤儿', 99, 'region')]);
    expect(tree.map((node) => node.item.value)).toEqual(['江苏省', '浙江省', '孤儿']);
    expect(tree[0]?.children[0]?.children[0]?.item.value).toBe('吴中区');
  });

  it('collects an item and everything below it', () => {
    expect([...subtreeIds(items, 10)].sort()).toEqual([10, 11, 12]);
    expect([...subtreeIds(items, 20)]).toEqual([20]);
  });
});
