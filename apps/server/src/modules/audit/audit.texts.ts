import { defineTexts } from '../../platform/texts.js';

/** The words the audit trail raises: the operation log's time range, its export's file name, outcomes and columns. */
export const auditTexts = defineTexts({
  'zh-CN': {
    'audit.rangeOrder': '结束时间不能早于开始时间',
    'audit.fileName': '操作日志',
    'audit.success': '成功',
    'audit.refused': '失败',
    'audit.csvHeader':
      '时间,操作人,代操作人,操作,请求方法,请求地址,对象类型,对象ID,对象,结果,状态码,说明,IP,浏览器,变更',
  },
  'en-US': {
    'audit.rangeOrder': 'The end time cannot be earlier than the start time',
    'audit.fileName': 'audit-log',
    'audit.success': 'Success',
    'audit.refused': 'Failed',
    'audit.csvHeader':
      'Time,Actor,On behalf of,Operation,Method,URL,Target type,Target ID,Target,Outcome,Status,Message,IP,Browser,Changes',
  },
});
