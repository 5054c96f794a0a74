import { flattenMenus } from '@gatehouse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { menuTitle, setTextLocale, t, zhCatalogue } from '.';
import { enCatalogue } from './en-US.catalogue';
import { LOCALE_STORAGE_KEY, storedLocale } from './locale';

const HAN = /\p{Script=Han}/u;
const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  afterEach(() => setTextLocale('zh-CN'));

  it('has an en-US text for every zh-CN key: non-empty, translated where zh-CN is Chinese, same parameters', () => {
    const zh = zhCatalogue;
    const en = enCatalogue;
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const [key, zhText] of Object.entries(zh) as [keyof typeof zh, string][]) {
      const enText = en[key];
      expect(enText.trim(), key).not.toBe('');
      if (HAN.test(zhText)) expect(enText, key).not.toBe(zhText);
      expect(params(enText), key).toEqual(params(zhText));
    }
  });

  it('has no Chinese left in en-US', () => {
    const leftovers = Object.entries(enCatalogue).filter(([, text]) => HAN.test(text));
    expect(leftovers).toEqual([]);
  });

  it('titles every contract menu in both languages; zh-CN equals the contract', async () => {
    for (const menu of flattenMenus()) {
      expect(menuTitle(menu)).toBe(menu.title);
    }
    await setTextLocale('en-US');
    expect(menuTitle({ path: '/user/Account', title: '账号管理' })).toBe('Accounts');
    for (const menu of flattenMenus()) expect(HAN.test(menuTitle(menu)), menu.path).toBe(false);
    // A menu the catalogue does not know keeps the contract's title.
    expect(menuTitle({ path: '/new', title: '新菜单' })).toBe('新菜单');
  });

  it('t() reads the chosen catalogue', async () => {
    expect(t('list.total', { count: 3 })).toBe('共 3 条记录');
    await setTextLocale('en-US');
    expect(t('list.total', { count: 3 })).toBe('Total: 3');
  });

  it('reads the remembered locale, zh-CN when nothing (or something unknown) is stored', () => {
    const storage = (value: string | null) => ({
      getItem: (key: string) => (key === LOCALE_STORAGE_KEY ? value : null),
    });
    expect(storedLocale(storage(null))).toBe('zh-CN');
    expect(storedLocale(storage('en-US'))).toBe('en-US');
    expect(storedLocale(storage('klingon'))).toBe('zh-CN');
    expect(storedLocale(undefined)).toBe('zh-CN');
  });
});
