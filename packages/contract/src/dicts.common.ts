import type { DictTagColor } from './dicts.entity.js';

// The common dictionaries, in a module of their own: the server's first-run action adds them, the dev mock seeds
// them; no screen's code carries them.

/** An item of a common dictionary: its label, and its key value, colour, state and children where they differ. */
export interface CommonDictItem {
  readonly value: string;
  readonly keyValue?: string;
  readonly tagColor?: DictTagColor;
  readonly state?: boolean;
  readonly children?: readonly CommonDictItem[];
}

export interface CommonDict {
  readonly dictName: string;
  readonly dictCode: string;
  readonly remark: string | null;
  readonly items: readonly CommonDictItem[];
}

const plain = (...values: string[]): CommonDictItem[] => values.map((value) => ({ value }));

/**
 * The dictionaries most installations need (性别, 学历, 所属行业, 职级, 客户等级, 政治面貌): what the first run offers to
 * add (POST /dict/common) and what the dev mock starts with. Declared once here.
 */
export const COMMON_DICTS: readonly CommonDict[] = [
  {
    dictName: '性别',
    dictCode: 'gender',
    remark: '账号资料中的性别',
    items: [
      { value: '男', keyValue: 'male', tagColor: 'blue' },
      { value: '女', keyValue: 'female', tagColor: 'magenta' },
      { value: '保密', keyValue: 'unknown', tagColor: 'default' },
    ],
  },
  {
    dictName: '学历',
    dictCode: 'education',
    remark: null,
    items: plain('博士研究生', '硕士研究生', '大学本科', '大学专科', '高中及以下'),
  },
  {
    dictName: '所属行业',
    dictCode: 'industry',
    remark: '两级：门类 / 大类',
    items: [
      { value: '信息技术', children: plain('软件开发', '互联网服务', '云计算与数据服务') },
      { value: '制造业', children: plain('汽车制造', '电子设备制造') },
      { value: '金融业', children: plain('银行', '证券', '保险') },
    ],
  },
  { dictName: '职级', dictCode: 'job_level', remark: '员工职级', items: plain('初级', '中级', '高级', '资深', '专家') },
  {
    dictName: '客户等级',
    dictCode: 'customer_level',
    remark: null,
    items: [
      { value: '普通客户', tagColor: 'default' },
      { value: '银卡客户', tagColor: 'cyan' },
      { value: '金卡客户', tagColor: 'gold' },
      { value: '钻石客户', tagColor: 'purple', state: false },
    ],
  },
  { dictName: '政治面貌', dictCode: 'political_status', remark: null, items: plain('群众', '共青团员', '中共党员') },
];
