// The 配置迁移 screen in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks), which
// compares dictionaries and their items (the server compares every kind; apps/server modules/config-bundle).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { catchDownloads } from '@/testing/downloads';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

/** The seed's dictionaries as a bundle, edited: one renamed, one item moved, one dictionary added, one left out. */
function editedBundle() {
  const { dicts, dictItems } = api.store;
  return {
    format: 'gatehouse-config',
    version: 1,
    resources: [],
    roles: [],
    orgs: [],
    dicts: [
      ...dicts
        .filter((d) => d.dictCode !== 'political_status')
        .map((d) => ({
          dictCode: d.dictCode,
          dictName: d.dictCode === 'gender' ? '性别（称谓）' : d.dictName,
          remark: d.remark,
          items: dictItems
            .filter((i) => i.dictCode === d.dictCode)
            .map((i) => ({
              value: i.value,
              parent: dictItems.find((p) => p.id === i.pid)?.value ?? null,
              orderNum: i.value === '大学本科' ? 9 : i.orderNum,
            })),
        })),
      { dictCode: 'blood', dictName: '血型', remark: null, items: [{ value: 'A', parent: null, orderNum: 0 }] },
    ],
  };
}

async function openScreen() {
  api.signInAs('admin');
  await renderApp('/system/ConfigBundle');
  await screen.findByRole('button', { name: /导出配置包/ });
}

function choose(content: string, name = 'bundle.json') {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File([content], name, { type: 'application/json' })] } });
}

/** The checkbox of a change's row (labelled by its kind and key). */
const tick = (kind: string, key: string) =>
  screen.getByRole('checkbox', { name: `${kind} ${key}` }) as HTMLInputElement;

describe('/system/ConfigBundle', () => {
  beforeAll(() => preloadScreens('/system/ConfigBundle'));

  it("has its title as every screen has, and no back arrow (a menu's own screen)", async () => {
    await openScreen();
    expect(screen.getByRole('heading', { level: 1, name: '配置迁移' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
  });

  it('exports the bundle under the name the server proposes', async () => {
    await openScreen();
    const downloads = catchDownloads();
    try {
      fireEvent.click(screen.getByRole('button', { name: /导出配置包/ }));
      await screen.findByText('配置包已导出');
      expect(downloads.saved.map((file) => file.name)).toEqual([
        expect.stringMatching(/^gatehouse-config-\d{4}-\d{2}-\d{2}\.json$/),
      ]);
    } finally {
      downloads.stop();
    }
  });

  it('shows the diff per kind, ticks all but removals, and applies the ticked ones after a confirmation', async () => {
    await openScreen();
    choose(JSON.stringify(editedBundle()));
    const dicts = await screen.findByRole('region', { name: '字典' });
    const items = screen.getByRole('region', { name: '字典数据' });
    // A change: its field before → after; an addition; a removal.
    const renamed = within(dicts).getByText('gender').closest('tr') as HTMLElement;
    expect(renamed.textContent).toContain('字典名称：性别 → 性别（称谓）');
    expect(within(dicts).getAllByText('修改')).toHaveLength(1);
    expect(within(dicts).getAllByText('新增')).toHaveLength(1);
    expect(within(dicts).getAllByText('删除')).toHaveLength(1);
    const moved = within(items).getByText('education/大学本科').closest('tr') as HTMLElement;
    expect(moved.textContent).toContain('序号：2 → 9');
    expect(within(items).getAllByText('删除')).toHaveLength(3);

    expect(tick('dict', 'gender').checked).toBe(true);
    expect(tick('dict', 'blood').checked).toBe(true);
    expect(tick('dictItem', 'blood/A').checked).toBe(true);
    expect(tick('dict', 'political_status').checked).toBe(false);
    expect(tick('dictItem', 'political_status/群众').checked).toBe(false);
    // 4 ticked of 8: the renamed dictionary, the moved item, the new dictionary and its item.
    screen.getByText('共 8 项变更，已选 4 项');
    fireEvent.click(tick('dict', 'gender'));
    screen.getByText('共 8 项变更，已选 3 项');

    fireEvent.click(screen.getByRole('button', { name: '应用所选' }));
    const confirm = await findDialog('应用所选变更？');
    within(confirm).getByText('将在一个事务中应用 3 项变更（其中删除 0 项）；任何一项失败则全部不生效。');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await screen.findByText('已应用 3 项变更');
    const [sent] = await api.sent(routes.applyConfigBundle);
    expect((sent?.body as { changeIds: string[] }).changeIds).toEqual([
      'dictItem:education/大学本科',
      'dict:blood',
      'dictItem:blood/A',
    ]);
    expect(api.store.dicts.find((d) => d.dictCode === 'blood')?.dictName).toBe('血型');
    expect(api.store.dicts.find((d) => d.dictCode === 'gender')?.dictName).toBe('性别');
    // Compared again: what was not applied is still listed.
    await waitFor(() => screen.getByText('共 5 项变更，已选 1 项'));
  });

  it('says so when the file is not JSON, and shows the server’s refusal of a wrong file', async () => {
    await openScreen();
    choose('not json');
    await screen.findByText('无法读取该文件：它不是有效的 JSON 文件');
    choose(JSON.stringify({ ...editedBundle(), version: 2 }));
    await screen.findByText('不支持的配置文件版本 2：本系统读取版本 1');
    expect(screen.queryByRole('button', { name: '应用所选' })).toBeNull();
  });

  it('lists the rows of a descriptor-served entity under its title, each field by its descriptor’s label', async () => {
    api.answer(routes.diffConfigBundle, {
      changes: [
        {
          id: 'post:se',
          kind: 'post',
          key: 'se',
          label: '交付经理',
          action: 'change',
          fields: [{ field: 'postName', before: '项目经理', after: '交付经理' }],
        },
        {
          id: 'post:qa',
          kind: 'post',
          key: 'qa',
          label: '测试',
          action: 'add',
          fields: [{ field: 'sort', before: null, after: 3 }],
        },
      ],
    });
    await openScreen();
    choose(JSON.stringify(editedBundle()));
    const posts = await screen.findByRole('region', { name: '岗位' });
    expect(within(posts).getByText('岗位 (2)')).toBeTruthy();
    expect((within(posts).getByText('se').closest('tr') as HTMLElement).textContent).toContain(
      '岗位名称：项目经理 → 交付经理',
    );
    expect((within(posts).getByText('测试').closest('tr') as HTMLElement).textContent).toContain('显示顺序：3');
    expect(tick('post', 'qa').checked).toBe(true);
  });

  it('says when there is nothing to change', async () => {
    await openScreen();
    const bundle = editedBundle();
    bundle.dicts = bundle.dicts
      .filter((d) => d.dictCode !== 'blood')
      .map((d) => ({
        ...d,
        dictName: d.dictCode === 'gender' ? '性别' : d.dictName,
        items: d.items.map((i) => (i.value === '大学本科' ? { ...i, orderNum: 2 } : i)),
      }));
    const political = api.store.dicts.find((d) => d.dictCode === 'political_status')!;
    bundle.dicts.push({
      dictCode: political.dictCode,
      dictName: political.dictName,
      remark: political.remark,
      items: api.store.dictItems
        .filter((i) => i.dictCode === 'political_status')
        .map((i) => ({ value: i.value, parent: null, orderNum: i.orderNum })),
    });
    choose(JSON.stringify(bundle));
    await screen.findByText('配置包与本系统一致，无需变更');
  });
});
