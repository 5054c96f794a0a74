import type { Resource } from '@gatehouse/contract';
import type { Static } from 'typebox';
import type { ResourceRow } from '../../platform/db/schema.js';

export function toResource(row: ResourceRow): Static<typeof Resource> {
  return {
    id: row.id,
    pid: row.pid,
    name: row.name,
    type: row.type === 1 ? 1 : 0,
    route: row.route,
    method: row.method,
    url: row.url,
    remark: row.remark,
    orderNum: row.order_num,
    icon: row.icon,
    builtin: row.builtin === 1,
  };
}
