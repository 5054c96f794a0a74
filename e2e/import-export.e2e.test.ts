import { readFileSync } from 'node:fs';
import { accountEntity, sheetColumns } from '@gatehouse/contract';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  apiCall,
  label,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  searchIn,
  shownPage,
  signInAsAdmin,
  startServer,
} from './support.js';

// The account import wizard end to end with a file holding bad rows (every bad row explained before
// anything is written, the rejected rows downloadable, the good ones applied in one go), and the export of the list.

const INITIAL = 'Imported#2026-first';

/** The import template's headers: the account descriptor's template columns, in the sheet's language. */
const TEMPLATE_HEADERS = sheetColumns(accountEntity)
  .filter((column) => column.template)
  .map((column) => column.header['zh-CN']);
/** The columns HR's file has (the template's, less those it leaves out). */
const STAFF_HEADERS = ['账号', '用户名', '所属组织', '角色', '手机号码', '邮箱', '状态'];

/** A CSV as HR hands it over: the template's usual columns, three good rows and three bad ones. */
const STAFF = [
  STAFF_HEADERS.join(','),
  'hr.wang,王小明,总公司/华东区,,13700000001,wang@corp.example,启用',
  'hr.li,李小红,总公司/华东区,,13700000002,li@corp.example,启用',
  'hr.wang,王重复,总公司/华东区,,,,启用',
  'hr.zhao,赵不存在,总公司/不存在的部门,,,,启用',
  'hr.qian,钱手机,总公司/华东区,,12-ab,,启用',
  'hr.sun,孙小华,总公司,,,sun@corp.example,禁用',
].join('\r\n');

describe('account import and export in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let admin: string;
  const pageErrors: string[] = [];

  const wizard = () => page.getByRole('dialog', { name: '导入账号' });

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    browser = await launchBrowser();
    admin = (await apiCall(server, '/login', {
      method: 'POST',
      body: { account: 'admin', password: ADMIN_PASSWORD },
    })) as string;
    const root = ((await apiCall(server, '/orgs', { token: admin })) as Array<{ id: number }>)[0]!.id;
    await apiCall(server, '/org', { method: 'POST', token: admin, body: { name: '华东区', pid: root } });
    page = await (await newContext(browser, server.baseUrl)).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsAdmin(page, '/user/Account');
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail')
      await screenshot(page, `import-failed-${context.task.name.slice(0, 30)}`);
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('offers the template, then explains every bad row before anything is written', async () => {
    await shownPage(page)
      .getByRole('button', { name: label('导入') })
      .click();
    await wizard().getByText('点击或拖拽文件到此处').waitFor();
    await screenshot(page, 'import-01-upload');

    const [template] = await Promise.all([
      page.waitForEvent('download'),
      wizard()
        .getByRole('button', { name: /下载模板/ })
        .click(),
    ]);
    expect(template.suggestedFilename()).toBe('账号导入模板.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(await template.path()) as unknown as ArrayBuffer);
    // The descriptor's template columns (a field added there is a column here), the staff file's among them in order.
    const headers = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(TEMPLATE_HEADERS);
    expect(headers.filter((header) => STAFF_HEADERS.includes(header as string))).toEqual(STAFF_HEADERS);

    await wizard()
      .locator('input[type="file"]')
      .setInputFiles({ name: '新员工.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${STAFF}\r\n`) });
    await wizard().getByText('新员工.csv').waitFor();
    await wizard()
      .getByRole('button', { name: label('检查') })
      .click();
    await wizard().getByText('共 6 行：可导入 3 行（其中 0 行已存在），有错误 3 行').waitFor();
    const errors = wizard().getByRole('table', { name: '错误明细' });
    for (const [row, column, message] of [
      ['4', '账号', '与第 2 行重复'],
      ['5', '所属组织', '组织路径不存在：总公司/不存在的部门'],
      ['6', '手机号码', '手机号码格式不正确'],
    ] as const) {
      await errors
        .getByRole('row')
        .filter({ hasText: message })
        .filter({ hasText: column })
        .getByText(row, { exact: true })
        .waitFor();
    }
    // Nothing is written by the check.
    const before = (await apiCall(server, '/account/s?p=1&pageSize=10&accountNumber=hr.', { token: admin })) as {
      totalCount: number;
    };
    expect(before.totalCount).toBe(0);
    await screenshot(page, 'import-02-checked');

    const [rejected] = await Promise.all([
      page.waitForEvent('download'),
      wizard()
        .getByRole('button', { name: /下载错误行/ })
        .first()
        .click(),
    ]);
    expect(rejected.suggestedFilename()).toBe('导入错误行.xlsx');
    const sheet = new ExcelJS.Workbook();
    await sheet.xlsx.load(readFileSync(await rejected.path()) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    sheet.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['账号', '用户名', '所属组织', '角色', '手机号码', '邮箱', '状态', '原行号', '错误信息']);
    expect(rows.slice(1).map((r) => [r[0], r[7]])).toEqual([
      ['hr.wang', 4],
      ['hr.zhao', 5],
      ['hr.qian', 6],
    ]);
  });

  it('applies the valid rows with one initial password and shows what it did', async () => {
    // The password is required before anything starts.
    await wizard()
      .getByRole('button', { name: label('开始导入') })
      .click();
    await wizard().getByText('请填写初始密码').waitFor();
    await wizard().getByLabel('初始密码').fill(INITIAL);
    await wizard().getByRole('radio', { name: /跳过/ }).check();
    await wizard()
      .getByRole('button', { name: label('开始导入') })
      .click();
    const confirm = page.getByRole('dialog', { name: '确认导入' });
    await confirm.getByText('有 3 行存在错误，将被跳过；其余 3 行将在一个事务中导入。').waitFor();
    await screenshot(page, 'import-03-confirm');
    await confirm.getByRole('button', { name: label('开始导入') }).click();
    await wizard().getByText('导入完成').waitFor();
    await wizard().getByText('新增 3 行，更新 0 行，跳过 0 行；3 行有错误未导入').waitFor();
    await screenshot(page, 'import-04-done');
    await wizard()
      .getByRole('button', { name: label('完成') })
      .click();
    await wizard().waitFor({ state: 'hidden' });

    // The list shows them at once; the imported account signs in with the initial password and must change it.
    for (const n of ['hr.wang', 'hr.li', 'hr.sun']) {
      await shownPage(page).getByRole('row').filter({ hasText: n }).first().waitFor();
    }
    const token = (await apiCall(server, '/login', {
      method: 'POST',
      body: { account: 'hr.wang', password: INITIAL },
    })) as string;
    const info = (await apiCall(server, '/getAccountInfo', { token })) as { mustChangePassword: boolean };
    expect(info.mustChangePassword).toBe(true);
  });

  it('exports the filtered list as Excel, which reads as the list shows it', async () => {
    const search = shownPage(page).locator('form#accountSearch');
    await searchIn(search, '账号', 'hr.');
    await search.getByRole('button', { name: label('查询') }).click();
    await shownPage(page).getByText('共 3 条记录').waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await shownPage(page)
          .getByRole('button', { name: label('导出') })
          .click();
        await page.getByText('Excel (.xlsx)', { exact: true }).click();
      })(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^账号-\d{8}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['账号', '用户名', '所属组织', '角色', '状态', '创建时间']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['hr.li', 'hr.sun', 'hr.wang']);
    expect(
      rows
        .slice(1)
        .find((r) => r[0] === 'hr.wang')
        ?.slice(1, 5),
    ).toEqual(['王小明', '总公司/华东区', undefined, '启用']);
    expect(rows[1]?.[5]).toBeInstanceOf(Date);
    await page.getByText(/已导出 账号-\d{8}\.xlsx/).waitFor();
    await screenshot(page, 'import-05-exported');
  });

  it('shows the wizard at 1024 px and in the dark theme', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await shownPage(page)
      .getByRole('button', { name: label('导入') })
      .click();
    await wizard().getByText('点击或拖拽文件到此处').waitFor();
    await screenshot(page, 'import-06-upload-1024');
    await page.keyboard.press('Escape');
    await wizard().waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '切换到深色主题' }).click();
    await page.getByRole('button', { name: '切换到浅色主题' }).waitFor();
    await shownPage(page)
      .getByRole('button', { name: label('导入') })
      .click();
    await wizard()
      .locator('input[type="file"]')
      .setInputFiles({ name: '新员工.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${STAFF}\r\n`) });
    await wizard()
      .getByRole('button', { name: label('检查') })
      .click();
    await wizard().getByText('共 6 行：可导入 3 行（其中 3 行已存在），有错误 3 行').waitFor();
    await screenshot(page, 'import-07-checked-dark-1024');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '切换到浅色主题' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
