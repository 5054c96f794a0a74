/**
 * What a data scope's words say beyond its kind, which the tag beside them already names. The server words an
 * organisation scope '<kind>：<detail>' (本组织及以下：华东区（含 12 个下级组织，431 个账号）; en-US with ': '): the
 * part after the first colon. 全部 and 仅本人 have no colon ('全部数据（25 个账号）', '仅本人（只能看到和修改自己的账号）'):
 * what their closing brackets hold. Words of any other shape are shown whole.
 */
export function scopeDetail(text: string): string {
  const colon = text.search(/[：:]/);
  if (colon >= 0) {
    const detail = text.slice(colon + 1).trim();
    if (detail) return detail;
  }
  const bracketed = /[（(]([^（()）]+)[）)]\s*$/.exec(text);
  return bracketed?.[1]?.trim() || text;
}
