import { describe, expect, it } from 'vitest';
import { accountsPerOrgOption, newAccountsPerDayOption, shortDate } from './options';

const perOrg = [
  { name: '研发部', count: 5 },
  { name: '总公司', count: 2 },
];
const perDay = [
  { date: '2026-04-30', count: 0 },
  { date: '2026-05-01', count: 3 },
];

describe('accounts per organisation (bar)', () => {
  it('draws one bar per organisation, largest on top, with whole-number ticks and the count on each bar', () => {
    const option = accountsPerOrgOption(perOrg, 'light', '账号数');
    expect(option.yAxis).toMatchObject({ type: 'category', inverse: true, data: ['研发部', '总公司'] });
    expect(option.xAxis).toMatchObject({ type: 'value', minInterval: 1 });
    expect(option.series).toEqual([
      expect.objectContaining({
        type: 'bar',
        name: '账号数',
        data: [5, 2],
        label: expect.objectContaining({ show: true }),
      }),
    ]);
  });

  it('uses bigger type and light text on the dark big screen', () => {
    const light = accountsPerOrgOption(perOrg, 'light', '账号数');
    const dark = accountsPerOrgOption(perOrg, 'dark', '账号数');
    expect(light.textStyle).toMatchObject({ fontSize: 12 });
    expect(dark.textStyle).toMatchObject({ fontSize: 16 });
    expect(dark.yAxis).toMatchObject({ axisLabel: { color: '#e2e8f0' } });
  });

  it('names a real typeface (a canvas ignores a font string with `inherit` and draws 10px text)', () => {
    const { textStyle } = accountsPerOrgOption(perOrg, 'light', '账号数') as { textStyle: { fontFamily: string } };
    expect(textStyle.fontFamily).not.toMatch(/inherit/);
    expect(textStyle.fontFamily).toMatch(/sans-serif$/);
  });

  it('accepts no organisations at all', () => {
    const option = accountsPerOrgOption([], 'dark', '账号数');
    expect(option.yAxis).toMatchObject({ data: [] });
    expect(option.series).toEqual([expect.objectContaining({ data: [] })]);
  });
});

describe('new accounts per day (line)', () => {
  it('keeps the days in order, labels the axis MM-dd and counts in whole numbers', () => {
    const option = newAccountsPerDayOption(perDay, 'light', '新增账号');
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['2026-04-30', '2026-05-01'] });
    const formatter = (option.xAxis as { axisLabel: { formatter: (value: string) => string } }).axisLabel.formatter;
    expect(formatter('2026-05-01')).toBe('05-01');
    expect(option.yAxis).toMatchObject({ type: 'value', minInterval: 1 });
    expect(option.series).toEqual([
      expect.objectContaining({ type: 'line', name: '新增账号', data: [0, 3], areaStyle: expect.any(Object) }),
    ]);
  });
});

describe('shortDate', () => {
  it('drops the year of a yyyy-MM-dd date and leaves anything else alone', () => {
    expect(shortDate('2026-12-31')).toBe('12-31');
    expect(shortDate('昨天')).toBe('昨天');
  });
});
