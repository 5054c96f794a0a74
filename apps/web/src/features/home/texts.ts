import { screenTexts } from '@/lib/i18n';

/** 首页's first-run guide: its texts travel with the home screen's chunk, not the catalogue /login loads. */
const zhCN = {
  'guide.title': '开始使用 Gatehouse',
  'guide.intro': '这是一套新的安装：按下面的顺序搭好组织、角色和账号，就可以交给同事使用了。',
  'guide.orgs': '建立组织架构',
  'guide.orgsHint': '在“组织管理”里添加公司和它的下级组织，账号和数据权限都按组织划分。',
  'guide.roles': '创建角色',
  'guide.rolesHint': '在“角色管理”里按岗位职责勾选菜单和接口，并设置数据权限。',
  'guide.accounts': '添加或导入账号',
  'guide.accountsHint': '在“账号管理”里逐个添加，或下载模板后批量导入。',
  'guide.dicts': '添加常用字典',
  'guide.dictsHint': '性别、学历、所属行业、职级、客户等级、政治面貌，添加后可在“字典管理”里修改。',
  'guide.dictsHave': '已有 {count} 个字典',
  'guide.addDicts': '添加常用字典',
  'guide.added': '已添加 {added} 个常用字典',
  'guide.addedNone': '常用字典都已存在，没有添加',
  'guide.open': '前往',
  'guide.dismiss': '不再显示',
} as const;

const enUS: Record<keyof typeof zhCN, string> = {
  'guide.title': 'Getting started with Gatehouse',
  'guide.intro':
    'This is a new installation: set up the organizations, roles and accounts in this order, then hand it to your colleagues.',
  'guide.orgs': 'Build the organization tree',
  'guide.orgsHint': 'Add the company and the organizations under it: accounts and data scopes follow them.',
  'guide.roles': 'Create roles',
  'guide.rolesHint': 'Under Roles, tick the menus and APIs each job needs and set its data scope.',
  'guide.accounts': 'Add or import accounts',
  'guide.accountsHint': 'Add them one by one under Accounts, or download the template and import many at once.',
  'guide.dicts': 'Add the common dictionaries',
  'guide.dictsHint':
    'Gender, education, industry, job level, customer level and political status; edit them under Dictionaries.',
  'guide.dictsHave': '{count} dictionaries already',
  'guide.addDicts': 'Add common dictionaries',
  'guide.added': '{added} common dictionaries added',
  'guide.addedNone': 'The common dictionaries exist already: nothing added',
  'guide.open': 'Open',
  'guide.dismiss': "Don't show again",
};

export type HomeText = keyof typeof zhCN;
export const tx = screenTexts<HomeText>(zhCN, enUS);
