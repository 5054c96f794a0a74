import { AUDIT_MASK } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { fileNameOf } from '@/lib/http';
import { exportQueryOf, fieldLabel, targetTypeLabel, valueText } from './audit-view';

describe('audit screen logic', () => {
  it('exports with the list filters and without its paging or sort', () => {
    expect(
      exportQueryOf({ p: 3, pageSize: 20, sort: 'at', order: 'asc', accountNumber: 'admin', outcome: 'success' }),
    ).toEqual({
      accountNumber: 'admin',
      outcome: 'success',
    });
  });

  it('shows values: the mask as is, empty as （空）, lists as JSON', () => {
    expect(valueText(AUDIT_MASK)).toBe('******');
    expect(valueText(null)).toBe('（空）');
    expect(valueText('')).toBe('（空）');
    expect(valueText('张三')).toBe('张三');
    expect(valueText([1, 2])).toBe('[1,2]');
    expect(valueText(0)).toBe('0');
  });

  it('shows a stored code as the word it means (启用 → 禁用, not 1 → 0), by the field', () => {
    expect([valueText(1, 'state'), valueText(0, 'state')]).toEqual(['启用', '禁用']);
    expect([valueText(0, 'type'), valueText(1, 'type')]).toEqual(['菜单', '接口资源']);
    expect(valueText('orgTree', 'dataScope')).toBe('本组织及以下');
    expect([valueText(true, 'requireSecondFactor'), valueText(false, 'requireSecondFactor')]).toEqual(['是', '否']);
    // Codes a field does not know, and other fields, stay as stored.
    expect(valueText(7, 'state')).toBe('7');
    expect(valueText(1, 'orderNum')).toBe('1');
    expect(valueText('orgTree', 'remark')).toBe('orgTree');
  });

  it('labels known fields and target kinds in Chinese, unknown ones by name', () => {
    expect(fieldLabel('accountName')).toBe('用户名');
    expect(fieldLabel('password')).toBe('密码');
    expect(fieldLabel('somethingNew')).toBe('somethingNew');
    expect(targetTypeLabel('account')).toBe('账号');
    expect(targetTypeLabel('gadget')).toBe('gadget');
  });

  it('reads the file name of Content-Disposition, the UTF-8 form first', () => {
    expect(
      fileNameOf(
        `attachment; filename="audit-log.csv"; filename*=UTF-8''${encodeURIComponent('操作日志-20260301.csv')}`,
      ),
    ).toBe('操作日志-20260301.csv');
    expect(fileNameOf('attachment; filename="report.csv"')).toBe('report.csv');
    expect(fileNameOf(undefined)).toBe('');
  });
});
