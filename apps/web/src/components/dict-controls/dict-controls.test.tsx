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
import {
  buildTree,
  DictCascader,
  DictCheckbox,
  type DictItem,
  DictRadio,
  DictSelect,
  offeredItems,
  subtreeIds,
} from '.';

const item = (
  id: number,
  value: string,
  pid: number | null = null,
  dictCode = 'gender',
  more: Partial<DictItem> = {},
): DictItem => ({
  id,
  dictCode,
  value,
  pid,
  orderNum: id,
  keyValue: value,
  state: true,
  tagColor: null,
  ...more,
});

const gender = [item(1, '男'), item(2, '女')];
const region = [
  item(10, '江苏省', null, 'region'),
  item(11, '苏州市', 10, 'region'),
  item(12, '吴中区', 11, 'region'),
  item(20, '浙江省', null, 'region'),
];
/** 禁用 items: 已注销 on its own, 华北 with an enabled item below it; 已通过 and 已驳回 coloured. */
const status = [
  item(30, '已通过', null, 'status', { tagColor: 'green' }),
  item(31, '已驳回', null, 'status', { tagColor: 'red' }),
  item(32, '已注销', null, 'status', { state: false, tagColor: 'default' }),
];
const area = [
  item(40, '华东', null, 'area'),
  item(41, '华北', null, 'area', { state: false }),
  item(42, '北京', 41, 'area'),
];
const dictionaries: Record<string, DictItem[]> = { gender, region, status, area };

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

describe('disabled items and tag colours', () => {
  /** The coloured tag an option shows its label in, by the label. */
  const tagOf = (label: string) => {
    const tag = [...document.querySelectorAll('.ant-tag')].find((el) => el.textContent === label);
    if (!tag) throw new Error(`no tag reads ${label}`);
    return tag as HTMLElement;
  };

  it('DictSelect leaves out a disabled item and shows the others as their coloured tags', async () => {
    render(
      <TestProviders>
        <DictSelect dictCode="status" noAll open />
      </TestProviders>,
    );
    await waitFor(() => expect(optionTexts()).toEqual(['已通过', '已驳回']));
    expect(tagOf('已通过').className).toContain('ant-tag-green');
    expect(tagOf('已驳回').className).toContain('ant-tag-red');
    // The option's title stays its text.
    screen.getByTitle('已通过');
  });

  it('DictSelect still shows a value chosen before its item was disabled, as its tag', async () => {
    render(
      <TestProviders>
        <DictSelect dictCode="status" noAll value={32} open />
      </TestProviders>,
    );
    await waitFor(() => expect(optionTexts()).toEqual(['已通过', '已驳回', '已注销']));
    const shown = document.querySelector('.ant-select-content') as HTMLElement;
    expect(within(shown).getByText('已注销').className).toContain('ant-tag-default');
  });

  it('DictRadio and DictCheckbox offer the enabled items only, each as its tag', async () => {
    render(
      <TestProviders>
        <DictRadio dictCode="status" noAll />
        <DictCheckbox dictCode="status" />
      </TestProviders>,
    );
    await screen.findByRole('radio', { name: '已通过' });
    expect(screen.getAllByRole('radio').map((el) => el.closest('label')?.textContent)).toEqual(['已通过', '已驳回']);
    expect(screen.getAllByRole('checkbox').map((el) => el.closest('label')?.textContent)).toEqual(['已通过', '已驳回']);
    expect(screen.queryByText('已注销')).toBeNull();
    expect(
      within(screen.getByRole('radio', { name: '已驳回' }).closest('label')!).getByText('已驳回').className,
    ).toContain('ant-tag-red');
  });

  it('DictCascader leaves out a disabled item with the items below it, unless told to offer them', async () => {
    const { unmount } = render(
      <TestProviders>
        <DictCascader dictCode="area" />
      </TestProviders>,
    );
    await waitFor(() => expect(requests).toContain('/api/dict/item/s?dictCode=area'));
    fireEvent.mouseDown(document.querySelector('.ant-select') as Element);
    const menu = await waitFor(() => {
      const found = document.querySelector('.ant-cascader-menus');
      if (!found?.textContent?.includes('华东')) throw new Error('menu not open');
      return found as HTMLElement;
    });
    expect([...menu.querySelectorAll('.ant-cascader-menu-item')].map((el) => el.textContent)).toEqual(['华东']);
    unmount();

    render(
      <TestProviders>
        <DictCascader dictCode="area" offerDisabled />
      </TestProviders>,
    );
    fireEvent.mouseDown(document.querySelector('.ant-select') as Element);
    const all = await waitFor(() => {
      const found = document.querySelector('.ant-cascader-menus');
      if (!found?.textContent?.includes('华北')) throw new Error('menu not open');
      return found as HTMLElement;
    });
    expect([...all.querySelectorAll('.ant-cascader-menu-item')].map((el) => el.textContent)).toEqual(['华东', '华北']);
  });

  it('offeredItems keeps a chosen item and its parents, whatever their state', () => {
    expect(offeredItems(area).map((i) => i.value)).toEqual(['华东']);
    expect(offeredItems(area, [42]).map((i) => i.value)).toEqual(['华东', '华北', '北京']);
    expect(offeredItems(status, [null, undefined]).map((i) => i.value)).toEqual(['已通过', '已驳回']);
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
