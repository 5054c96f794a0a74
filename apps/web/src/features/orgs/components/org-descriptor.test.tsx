// The organisation screen derives its columns and its dialog's labels and rules from the organisation's descriptor
// (packages/contract/src/orgs.ts, docs/adr/0041): here the screen runs on a copy of it whose labels, widths, hidden
// columns and limits differ, and shows those.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Type } from 'typebox';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

vi.mock('@gatehouse/contract', async (importOriginal) => {
  const contract = await importOriginal<typeof import('@gatehouse/contract')>();
  const { fields } = contract.orgEntity;
  return {
    ...contract,
    orgEntity: {
      ...contract.orgEntity,
      fields: {
        ...fields,
        // Relabelled, shown by default, a shorter limit.
        leader: {
          ...fields.leader,
          label: { 'zh-CN': '主管', 'en-US': 'Manager' },
          input: Type.Union([Type.String({ maxLength: 4 }), Type.Null()]),
          list: { width: 131 },
        },
        // Hidden by default.
        createTime: { ...fields.createTime, list: { width: 150, hidden: true } },
        sort: { ...fields.sort, label: { 'zh-CN': '序位', 'en-US': 'Rank' }, list: { width: 97 } },
      },
    },
  };
});

const api = setupMockApi();

/** The tree table's column headers, left to right. */
const headers = () =>
  [...new Set(screen.getAllByRole('columnheader').map((th) => th.textContent?.trim() ?? ''))].filter(Boolean);

describe('/user/Organization on the organisation’s descriptor', () => {
  beforeAll(() => preloadScreens('/user/Organization'));

  it('titles, sizes and hides the columns as the descriptor says; the dialog labels and checks the same way', async () => {
    api.signInAs('admin');
    await renderApp('/user/Organization');
    await screen.findByText('总公司');
    expect(headers()).toEqual(['名称', '全称', '序位', '状态', '主管', '机构编码', '操作']);
    const widths = [...document.querySelectorAll('colgroup col')].map((col) => (col as HTMLElement).style.width);
    expect(widths).toEqual(expect.arrayContaining(['97px', '131px']));

    fireEvent.click(screen.getByRole('button', { name: '+ 添加根节点' }));
    const dialog = await findDialog('添加组织');
    within(dialog).getByLabelText('序位');
    const leader = within(dialog).getByLabelText('主管');
    expect(leader.getAttribute('maxlength')).toBe('4');
    fireEvent.change(leader, { target: { value: '欧阳主管甲' } });
    await within(dialog).findByText('主管不能超过 4 个字符');
    fireEvent.change(leader, { target: { value: '王芳' } });
    await waitFor(() => expect(within(dialog).queryByText('主管不能超过 4 个字符')).toBeNull());
  });
});
