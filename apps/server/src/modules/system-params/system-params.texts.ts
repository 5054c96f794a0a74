import { defineTexts } from '../../platform/texts.js';

/** The words 系统参数 raise: an unknown, restart-only or refused setting and why (services.ts checks the references). */
export const systemParamsTexts = defineTexts({
  'zh-CN': {
    'param.unknown': '系统参数“{key}”不存在',
    'param.restart': '“{title}”需要重启才能生效，只能在环境变量 {env} 中设置',
    'param.invalid': '“{title}”取值不正确：{reason}',
    'param.expectEnum': '应为 {values} 之一',
    'param.expectInt': '应为 {min} 到 {max} 的整数',
    'param.expectFlag': '应为 true 或 false',
    'param.expectId': '应为正整数 ID，或留空',
    'param.lockOrder': '首次锁定时长不能超过最长锁定时长',
    'param.sudoOrder': '敏感操作验证有效期不能超过验证最长有效期',
    'param.orgMissing': '组织 {id} 不存在',
    'param.roleUnusable': '角色 {id} 不存在或是超级管理员角色，不能交给自助注册的账号',
  },
  'en-US': {
    'param.unknown': 'There is no system parameter “{key}”',
    'param.restart': '“{title}” takes effect after a restart and is set in the environment variable {env} only',
    'param.invalid': '“{title}” is not valid: {reason}',
    'param.expectEnum': 'one of {values}',
    'param.expectInt': 'an integer from {min} to {max}',
    'param.expectFlag': 'true or false',
    'param.expectId': 'a positive id, or empty',
    'param.lockOrder': 'The first lock cannot be longer than the longest lock',
    'param.sudoOrder': 'The sudo window cannot be longer than the longest verification',
    'param.orgMissing': 'Organization {id} does not exist',
    'param.roleUnusable':
      'Role {id} does not exist or is the super-admin role, which self-registered accounts cannot get',
  },
});
