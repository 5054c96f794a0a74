import { COMMON_DICTS, flattenMenus, menus, type RouteDef, routes } from '@gatehouse/contract';
import { addCommonDict } from './common-dicts';
import { type MockStore, newAccount, type Resource, type StoredAccount, type StoredOrg } from './store';

/** The password of every seeded account in the mock (README: "Working without a server"). */
export const MOCK_PASSWORD = 'Mock#2026';

const DAY = 86_400_000;
/** That many days ago at the given local time, but never in the future (today's seeds precede any new row). */
const daysAgo = (days: number, hour = 9, minute = 30) => {
  const at = new Date(Date.now() - days * DAY);
  at.setHours(hour, minute, 0, 0);
  return Math.min(at.getTime(), Date.now() - 60_000);
};

/**
 * The permission tree as the server builds it (apps/server resources.service syncFromContract): one menu
 * (type 0) per screen of the contract's `menus`, then one API resource (type 1) per contract route, filed under
 * the menu the route names. All built in.
 */
function contractResources(): Resource[] {
  const resources: Resource[] = [];
  const menuIds = new Map<string, number>();
  for (const [index, menu] of flattenMenus(menus).entries()) {
    const id = resources.length + 1;
    menuIds.set(menu.path, id);
    resources.push({
      id,
      pid: menu.parent ? (menuIds.get(menu.parent) ?? null) : null,
      name: menu.title,
      type: 0,
      route: menu.path,
      method: null,
      url: null,
      remark: null,
      orderNum: index,
      icon: menu.icon,
      builtin: true,
    });
  }
  for (const [index, route] of Object.values(routes as Record<string, RouteDef>).entries()) {
    resources.push({
      id: resources.length + 1,
      pid: route.menu ? (menuIds.get(route.menu) ?? null) : null,
      name: route.title,
      type: 1,
      route: null,
      method: route.method.toLowerCase(),
      url: route.path,
      remark: null,
      orderNum: 100 + index,
      icon: null,
      builtin: true,
    });
  }
  return resources;
}

/** The menus at these routes plus the API resources filed under them. */
function grantsFor(resources: Resource[], menuRoutes: string[]): number[] {
  const menuIds = resources.filter((r) => r.type === 0 && r.route && menuRoutes.includes(r.route)).map((r) => r.id);
  return [
    ...menuIds,
    ...resources.filter((r) => r.type === 1 && r.pid !== null && menuIds.includes(r.pid)).map((r) => r.id),
  ];
}

/** A few provinces and cities of GB/T 2260; the parent code follows from the digits, as the server derives it. */
const REGIONS: Array<[number, string]> = [
  [110000, '北京市'],
  [110100, '市辖区'],
  [110101, '东城区'],
  [110105, '朝阳区'],
  [110108, '海淀区'],
  [310000, '上海市'],
  [310100, '市辖区'],
  [310104, '徐汇区'],
  [310115, '浦东新区'],
  [320000, '江苏省'],
  [320100, '南京市'],
  [320102, '玄武区'],
  [320106, '鼓楼区'],
  [320500, '苏州市'],
  [320506, '吴中区'],
  [320508, '姑苏区'],
  [330000, '浙江省'],
  [330100, '杭州市'],
  [330106, '西湖区'],
  [330110, '余杭区'],
  [330200, '宁波市'],
  [330212, '鄞州区'],
  [440000, '广东省'],
  [440100, '广州市'],
  [440104, '越秀区'],
  [440106, '天河区'],
  [440300, '深圳市'],
  [440304, '福田区'],
  [440305, '南山区'],
  [510000, '四川省'],
  [510100, '成都市'],
  [510104, '锦江区'],
  [510107, '武侯区'],
];

const regionParent = (code: number): number | null =>
  code % 10_000 === 0 ? null : code % 100 === 0 ? Math.floor(code / 10_000) * 10_000 : Math.floor(code / 100) * 100;

/** [id, pid, name, fullName, regionId] */
const ORGS: Array<[number, number | null, string, string | null, number | null]> = [
  [1, null, '总公司', '门楼科技集团有限公司', 110108],
  [2, 1, '研发中心', '门楼科技集团有限公司研发中心', 330106],
  [3, 1, '市场部', '门楼科技集团有限公司市场部', 310115],
  [4, 1, '财务部', '门楼科技集团有限公司财务部', 110108],
  [5, 1, '人力资源部', '门楼科技集团有限公司人力资源部', 110108],
  [6, 1, '运营中心', '门楼科技集团有限公司运营中心', 320506],
  [7, 2, '前端开发部', null, 330106],
  [8, 2, '后端开发部', null, 330106],
  [9, 2, '测试部', null, 330110],
  [10, 3, '华东区域', '市场部华东区域', 320102],
  [11, 3, '华南区域', '市场部华南区域', 440305],
  [12, 6, '客户服务部', null, 510107],
];

/** [accountNumber, accountName, orgId, roleId, enabled, days since creation] */
const PEOPLE: Array<[string, string, number, number | null, boolean, number]> = [
  ['zhangwei', '张伟', 2, 2, true, 58],
  ['wangfang', '王芳', 3, 2, true, 52],
  ['lina', '李娜', 4, 3, true, 47],
  ['liuyang', '刘洋', 7, 3, true, 41],
  ['chenjing', '陈静', 8, 3, true, 37],
  ['yanglei', '杨磊', 8, 3, false, 33],
  ['zhaomin', '赵敏', 9, 3, true, 29],
  ['huangtao', '黄涛', 10, 3, true, 26],
  ['zhoujie', '周杰', 11, 3, true, 24],
  ['wuxia', '吴霞', 5, 4, true, 21],
  ['xuming', '徐明', 6, 2, true, 19],
  ['sunli', '孙丽', 12, 3, true, 17],
  ['hujun', '胡军', 7, 3, true, 15],
  ['zhuting', '朱婷', 3, 3, false, 13],
  ['gaofeng', '高峰', 2, 3, true, 11],
  ['linxiao', '林晓', 9, 3, true, 9],
  ['heyong', '何勇', 10, 3, true, 8],
  ['guojia', '郭佳', 4, 4, true, 6],
  ['machao', '马超', 11, 3, true, 5],
  ['luolin', '罗琳', 12, null, true, 4],
  ['liangyu', '梁宇', 8, 3, true, 3],
  ['songyu', '宋雨', 5, 3, true, 2],
  ['zhengkai', '郑凯', 6, 3, true, 1],
  ['xietingting', '谢婷婷', 7, 3, true, 0],
];

/** A fresh store with the seed data: each call is independent (one per page load, one per test). */
export function createMockStore(): MockStore {
  const resources = contractResources();

  const orgs: StoredOrg[] = ORGS.map(([id, pid, name, fullName, regionId], index) => ({
    id,
    pid,
    name,
    fullName,
    // 机构编码 as the reference catalogue shows them: 8 digits.
    orgCode: String(10_000_000 + id),
    regionId,
    sort: 0,
    leader: null,
    phone: null,
    state: true,
    createTime: daysAgo(90 - index, 10),
  }));

  // Every field the seed leaves out takes its default (store.ts newAccount: null, as a new account's).
  const admin = newAccount({
    id: 1,
    accountNumber: 'admin',
    accountName: '系统管理员',
    contactNumber: '13800000000',
    email: 'admin@gatehouse.cn',
    createTime: daysAgo(90, 8),
    orgId: 1,
    roleId: 1,
    builtin: true,
    address: '北京市海淀区中关村大街 1 号',
    introduction: '负责 Gatehouse 后台的日常维护。',
    password: MOCK_PASSWORD,
  });
  const accounts: StoredAccount[] = [
    admin,
    ...PEOPLE.map(([accountNumber, accountName, orgId, roleId, state, days], index) =>
      newAccount({
        id: index + 2,
        accountNumber,
        accountName,
        contactNumber: `139${String(10_000_000 + index * 7_919).padStart(8, '0')}`,
        email: `${accountNumber}@gatehouse.cn`,
        state,
        createTime: daysAgo(days, 9 + (index % 8), (index * 7) % 60),
        orgId,
        roleId,
        password: MOCK_PASSWORD,
      }),
    ),
  ];

  // The common dictionaries (contract COMMON_DICTS), as the first run adds them on a server.
  const dicts: MockStore['dicts'] = [];
  const dictItems: MockStore['dictItems'] = [];
  for (const dict of COMMON_DICTS) addCommonDict({ dicts, dictItems }, dict);

  const signIns = [1, 3, 2, 9, 5, 1, 12, 4].map((accountId, index) => ({
    accountId,
    at: Date.now() - (index * 47 + 5) * 60_000,
    ip: `10.12.${index + 3}.${20 + index * 11}`,
    userAgent:
      index % 3 === 0
        ? 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
        : 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  }));

  return {
    accounts,
    orgs,
    roles: [
      {
        id: 1,
        name: '超级管理员',
        remark: '内置角色，拥有全部权限',
        resources: [],
        builtin: true,
        dataScope: 'all',
        scopeOrgIds: [],
        requireSecondFactor: false,
      },
      {
        id: 2,
        name: '部门管理员',
        remark: '管理本部门的账号与组织',
        resources: grantsFor(resources, ['/', '/user', '/user/Account', '/user/Organization']),
        builtin: false,
        dataScope: 'all',
        scopeOrgIds: [],
        requireSecondFactor: false,
      },
      {
        id: 3,
        name: '普通员工',
        remark: '查看首页、维护个人信息',
        resources: grantsFor(resources, ['/', '/system', '/system/Profile']),
        builtin: false,
        dataScope: 'all',
        scopeOrgIds: [],
        requireSecondFactor: false,
      },
      {
        id: 4,
        name: '字典维护员',
        remark: '维护系统字典',
        resources: grantsFor(resources, ['/', '/system', '/system/Dict']),
        builtin: false,
        dataScope: 'all',
        scopeOrgIds: [],
        requireSecondFactor: false,
      },
    ],
    resources,
    dicts,
    dictItems,
    regions: REGIONS.map(([id, name]) => ({ id, pid: regionParent(id), name })),
    files: [],
    texts: new Map(),
    systemParams: new Map(),
    codes: new Map(),
    tokens: new Map(),
    signIns,
    preferences: new Map(),
    nextId: {
      account: accounts.length + 1,
      org: orgs.length + 1,
      role: 5,
      resource: resources.length + 1,
      dict: dicts.length + 1,
      dictItem: dictItems.length + 1,
    },
  };
}
