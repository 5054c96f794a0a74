// The 操作 column's shape (list-kit row actions): which actions are links, which go under 更多 ▾, and its width.
import { describe, expect, it } from 'vitest';
import { actionsWidth, splitActions } from './row-actions';

describe('row actions', () => {
  it('shows up to three links, and a 更多 only for two or more of the rest', () => {
    expect(splitActions(['编辑'])).toEqual({ links: ['编辑'], more: [] });
    // A 更多 holding one item would only add a click: four actions are four links.
    expect(splitActions(['编辑', '重置密码', '删除', '权限说明'])).toEqual({
      links: ['编辑', '重置密码', '删除', '权限说明'],
      more: [],
    });
    expect(splitActions(['编辑', '重置密码', '删除', '权限说明', '切换身份'])).toEqual({
      links: ['编辑', '重置密码', '删除'],
      more: ['权限说明', '切换身份'],
    });
    expect(splitActions(['a', 'b', 'c'], 1)).toEqual({ links: ['a'], more: ['b', 'c'] });
  });

  it('is as wide as its links and 更多 ▾, not a fixed room', () => {
    // The account list's: 编辑 重置密码 删除 更多 ▾ (five bordered buttons took 460 px).
    const accounts = actionsWidth(['编辑', '重置密码', '删除'], true);
    expect(accounts).toBeGreaterThanOrEqual(8 * 14 + 2 * 14 + 4 * 14 + 3 * 4 + 32);
    expect(accounts).toBeLessThan(280);
    // One link: a log's 详情.
    expect(actionsWidth(['详情'], false)).toBe(2 * 14 + 14 + 32);
    // Latin labels are narrower per character than CJK ones.
    expect(actionsWidth(['Edit'], false)).toBeLessThan(actionsWidth(['编辑编辑'], false));
  });
});
