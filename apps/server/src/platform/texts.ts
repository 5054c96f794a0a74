import { WORDS } from '@gatehouse/contract';

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];

/** The words of one texts file: the same keys in every language. */
export type Texts<K extends string = string> = { readonly [L in Locale]: Readonly<Record<K, string>> };

/**
 * A texts file's words, zh-CN and en-US; the compiler holds that en-US names exactly the keys zh-CN names. Each
 * module keeps the words it raises beside it, in `modules/<name>/<name>.texts.ts` (`export const orgsTexts =
 * defineTexts({ 'zh-CN': {…}, 'en-US': {…} })`); the platform's own words, and those several modules share, are
 * `platformTexts` below. `src/texts.ts` merges them all into one catalogue per language, which `i18n.ts`'s `t()`
 * reads (one home for each word).
 */
export function defineTexts<Z extends Readonly<Record<string, string>>>(texts: {
  readonly 'zh-CN': Z;
  readonly 'en-US': Readonly<Record<NoInfer<keyof Z>, string>>;
}): Texts<keyof Z & string> {
  return texts;
}

/** The keys more than one of the files defines, each with how many files define it: none in a sound catalogue. */
export function keysDefinedTwice(files: readonly Texts[]): string[] {
  const seen = new Map<string, number>();
  for (const file of files) for (const key of Object.keys(file['zh-CN'])) seen.set(key, (seen.get(key) ?? 0) + 1);
  return [...seen].filter(([, count]) => count > 1).map(([key, count]) => `${key} (${count} files)`);
}

/**
 * One catalogue per language from the texts files. A key two files define is refused when the server loads (one home
 * for each word: neither file would know the other's text wins).
 */
export function mergeTexts(files: readonly Texts[]): Record<Locale, Record<string, string>> {
  const twice = keysDefinedTwice(files);
  if (twice.length > 0) throw new Error(`Texts defined in more than one file: ${twice.join(', ')}`);
  const merged = (locale: Locale) => Object.assign({}, ...files.map((file) => file[locale])) as Record<string, string>;
  return { 'zh-CN': merged('zh-CN'), 'en-US': merged('en-US') };
}

/**
 * The platform's words (validation, HTTP, passwords, uploads, tables read and written, the sheet and import words the
 * platform's entity sheets raise) and the words several modules raise with no one of them their home (`ok`, a
 * repeated row of an import, an identity switch's refusal of sessions and contacts alike).
 */
export const platformTexts = defineTexts({
  'zh-CN': {
    ok: '操作成功',
    'validation.required': '请填写{field}',
    'validation.type': '{field}格式不正确',
    'validation.minLength': '{field}长度不能少于 {limit} 个字符',
    'validation.maxLength': '{field}长度不能超过 {limit} 个字符',
    'validation.minimum': '{field}不能小于 {limit}',
    'validation.maximum': '{field}不能大于 {limit}',
    'validation.enum': '{field}取值不正确',
    'validation.duplicate': '{field}不能重复',
    'validation.maxItems': '{field}最多选择 {limit} 项',
    'validation.unknownField': '不支持的字段：{field}',
    'validation.format': '{field}格式不正确',
    'validation.body': '请求内容格式不正确',
    'validation.blank': '{field}不能为空白',
    'validation.plainText': '{field}不能包含控制字符或文字方向控制字符',
    'validation.date': '{field}不是有效的日期时间',
    'validation.tooDeep': '请求内容嵌套过深（最多 {limit} 层）',
    'password.length': '密码长度应为 {min} 到 {max} 个字符',
    'password.common': '密码过于常见，请换一个更难猜的密码',
    'password.sameAsAccount': '密码不能与账号相同',
    'password.classes': '密码至少包含字母、数字、符号中的 {classes} 类',
    'file.missing': '请选择要上传的文件',
    'file.notMultipart': '请以 multipart/form-data 方式上传文件',
    'account.switchedCannotEnd': '代操作期间不能修改密码或下线该账号的其他设备',
    'crud.taken': '{field}“{value}”已存在',
    'http.notFound': '接口不存在：{method} {url}',
    'http.tooLarge': '请求内容过大',
    'http.internal': '服务异常，请稍后重试',
    'http.databaseUnavailable': '数据库暂时不可用，请稍后再试',
    'signin.busy': '系统繁忙，请稍后再试',
    'sheet.notTable': '文件不是表格：请上传 XLSX 或 CSV 文件',
    'sheet.empty': '文件中没有表头或数据',
    'sheet.tooBig': '文件解压后超过 {mib} MiB，已拒绝',
    'sheet.tooManyRows': '文件超过 {max} 行数据，请拆分后再导入',
    'sheet.tooManyColumns': '文件超过 {max} 列，请使用导入模板',
    'sheet.cellTooLong': '第 {row} 行有单元格超过 {max} 个字符',
    'sheet.sharedStrings': '文件的共享字符串超过 {count} 个或 {mib} MiB，已拒绝：请另存为 CSV 或拆分后再导入',
    'sheet.unknownColumn': '未知的列：“{column}”，请使用导入模板',
    'sheet.duplicateColumn': '列“{column}”重复',
    'sheet.missingColumns': '缺少必填列：{columns}',
    'sheet.state.enabled': WORDS['zh-CN'].enabled,
    'sheet.state.disabled': WORDS['zh-CN'].disabled,
    'upload.tooLarge': '文件不能超过 {mib} MiB',
    'import.flag': `{field}只能填写“${WORDS['zh-CN'].enabled}”或“${WORDS['zh-CN'].disabled}”`,
    'import.duplicateInFile': '与第 {row} 行重复',
    'import.duplicateValue': '{field}“{value}”与第 {row} 行重复',
    'export.unknownColumn': '不支持的导出列：{column}（可导出的列：{known}）',
    'export.repeatedColumn': '导出列重复：{column}',
  },
  'en-US': {
    ok: 'Success',
    'validation.required': 'Please fill in {field}',
    'validation.type': '{field} has the wrong format',
    'validation.minLength': '{field} must be at least {limit} characters',
    'validation.maxLength': '{field} must be at most {limit} characters',
    'validation.minimum': '{field} must not be less than {limit}',
    'validation.maximum': '{field} must not be greater than {limit}',
    'validation.enum': '{field} has an invalid value',
    'validation.duplicate': '{field} must not repeat',
    'validation.maxItems': '{field} takes at most {limit} items',
    'validation.unknownField': 'Unsupported field: {field}',
    'validation.format': '{field} has the wrong format',
    'validation.body': 'The request body is malformed',
    'validation.blank': '{field} must not be blank',
    'validation.plainText': '{field} must not contain control characters or text-direction controls',
    'validation.date': '{field} is not a valid date and time',
    'validation.tooDeep': 'The request body is nested too deeply (at most {limit} levels)',
    'password.length': 'The password must be {min} to {max} characters',
    'password.common': 'The password is too common; please choose one that is harder to guess',
    'password.sameAsAccount': 'The password must differ from the account',
    'password.classes': 'The password needs at least {classes} of: letters, digits, symbols',
    'file.missing': 'Please choose a file to upload',
    'file.notMultipart': 'Please upload files as multipart/form-data',
    'account.switchedCannotEnd':
      'While acting as this account you cannot change its password or sign out its other devices',
    'crud.taken': '{field} "{value}" is already taken',
    'http.notFound': 'No such API: {method} {url}',
    'http.tooLarge': 'The request body is too large',
    'http.internal': 'Server error; please retry later',
    'http.databaseUnavailable': 'The database is temporarily unavailable; please retry later',
    'signin.busy': 'The system is busy; please retry later',
    'sheet.notTable': 'The file is not a table: please upload an XLSX or CSV file',
    'sheet.empty': 'The file has no header or data',
    'sheet.tooBig': 'The file expands to more than {mib} MiB and was refused',
    'sheet.tooManyRows': 'The file has more than {max} data rows; please split it',
    'sheet.tooManyColumns': 'The file has more than {max} columns; please use the import template',
    'sheet.cellTooLong': 'Row {row} has a cell longer than {max} characters',
    'sheet.sharedStrings':
      'The file has more than {count} shared strings or {mib} MiB of them and was refused: save it as CSV or split it',
    'sheet.unknownColumn': 'Unknown column "{column}"; please use the import template',
    'sheet.duplicateColumn': 'Column "{column}" appears twice',
    'sheet.missingColumns': 'Required columns missing: {columns}',
    'sheet.state.enabled': WORDS['en-US'].enabled,
    'sheet.state.disabled': WORDS['en-US'].disabled,
    'upload.tooLarge': 'The file must not exceed {mib} MiB',
    'import.flag': `{field} must be "${WORDS['en-US'].enabled}" or "${WORDS['en-US'].disabled}"`,
    'import.duplicateInFile': 'Repeats row {row}',
    'import.duplicateValue': '{field} "{value}" repeats row {row}',
    'export.unknownColumn': 'Unknown export column: {column} (columns: {known})',
    'export.repeatedColumn': 'Export column named twice: {column}',
  },
});
