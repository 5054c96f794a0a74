import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { createRegionsService, parentCode } from './regions.service.js';

interface RegionOut {
  id: number;
  pid: number | null;
  name: string;
  hasChildren: boolean;
}

describe('region tree', () => {
  const regions = createRegionsService();

  it('derives parents from the code digits, skipping a city level that does not exist', () => {
    const known = new Set([320000, 320500, 110000]);
    expect(parentCode(320000, (c) => known.has(c))).toBeNull();
    expect(parentCode(320500, (c) => known.has(c))).toBe(320000);
    expect(parentCode(320506, (c) => known.has(c))).toBe(320500);
    expect(parentCode(110101, (c) => known.has(c))).toBe(110000);
  });

  it('holds every province-level division, with 台湾省, 香港, 澳门 and 海外', () => {
    const roots = regions.children(undefined);
    expect(roots).toHaveLength(35);
    expect(roots.map((r) => r.name)).toEqual(
      expect.arrayContaining(['北京市', '江苏省', '台湾省', '香港特别行政区', '澳门特别行政区', '海外']),
    );
    expect(roots.every((r) => r.pid === null)).toBe(true);
    expect(regions.size()).toBeGreaterThan(3000);
  });

  it('answers children lazily with hasChildren, districts of municipalities directly under them', () => {
    const jiangsu = regions.children(320000);
    expect(jiangsu.find((r) => r.id === 320500)).toEqual({
      id: 320500,
      pid: 320000,
      name: '苏州市',
      hasChildren: true,
    });
    expect(regions.children(320500).find((r) => r.id === 320506)).toMatchObject({ name: '吴中区', hasChildren: false });
    expect(regions.children(110000).find((r) => r.id === 110105)).toMatchObject({ name: '朝阳区', pid: 110000 });
    expect(regions.path(320506).map((r) => r.name)).toEqual(['江苏省', '苏州市', '吴中区']);
  });

  it('finds regions by part of the name, with their path', () => {
    const found = regions.search('吴中');
    expect(found[0]!.path.map((p) => p.name)).toEqual(['江苏省', '苏州市', '吴中区']);
    expect(regions.search('不存在的地方')).toEqual([]);
  });
});

describe('region routes', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    token = await t.login();
  });
  afterAll(() => t.close());

  it('serves children by pid with a day of browser caching, for signed-in callers', async () => {
    const res = await t.call('GET', '/regions', { token, query: { pid: 320000 } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect((res.body.data as RegionOut[]).some((r) => r.name === '苏州市')).toBe(true);
    expect((await t.call('GET', '/regions')).status).toBe(401);
    const unknown = await t.call('GET', '/regions', { token, query: { pid: 123 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('地区不存在');
  });

  it('searches and answers the path of a stored region', async () => {
    const search = await t.call('GET', '/regions/search', { token, query: { keyword: '苏州' } });
    expect((search.body.data as Array<{ path: Array<{ name: string }> }>)[0]!.path.at(-1)!.name).toBe('苏州市');
    const path = await t.call('GET', '/regions/path', { token, query: { id: 320506 } });
    expect(path.body.data).toEqual([
      { id: 320000, name: '江苏省' },
      { id: 320500, name: '苏州市' },
      { id: 320506, name: '吴中区' },
    ]);
  });
});
