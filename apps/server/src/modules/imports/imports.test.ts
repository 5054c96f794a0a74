import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { csvOf, uploadPreview } from '../../../test/import-upload.js';
import type { Principal } from '../../platform/http.js';
import { createScheduler } from '../../platform/scheduler.js';
import { DEFAULT_TABLE_LIMITS } from '../../platform/spreadsheet-read.js';
import { IMPORT_KEEP_MS } from './imports.service.js';
import { createImportJobs, createImportsRepository } from './index.js';

describe.each(lanes)('import previews on %s', (lane) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
  });
  afterAll(() => t.close());

  const previews = async () =>
    (await t.database.db.selectFrom('import_job').select('id').execute()).map((r) => r.id).sort();

  it('keeps a preview (the rows of an uploaded file) for a day, then the hourly job deletes it', async () => {
    const file = csvOf([
      ['账号', '用户名', '所属组织'],
      ['purge.me', '待清理', '总公司'],
    ]);
    const made = await uploadPreview(t, '/account/import/preview', admin, 'a.csv', file);
    expect(made.status, made.msg).toBe(200);
    const id = made.data.previewId;
    expect(await previews()).toContain(id);

    // The job the server declares, run by a scheduler on a clock of the test's: two hours later the preview is still
    // there; a day and a minute later it is gone.
    const jobs = t.app.jobs.filter((job) => job.name === 'import-preview-purge');
    expect(jobs.map((job) => job.everyMs)).toEqual([3_600_000]);
    const runAt = async (at: number) => {
      const scheduler = createScheduler({ db: t.database.db, jobs, log: t.app.fastify.log, clock: () => at });
      try {
        return await scheduler.runDue();
      } finally {
        await scheduler.stop();
      }
    };
    const now = Date.now();
    expect(await runAt(now + 2 * 3_600_000)).toEqual(['import-preview-purge']);
    expect(await previews()).toContain(id);
    expect(await runAt(now + IMPORT_KEEP_MS + 60_000)).toEqual(['import-preview-purge']);
    expect(await previews()).not.toContain(id);
  });

  it('runs one preview at a time in a process: another is answered 429 once its wait is over, nothing stored', async () => {
    const jobs = createImportJobs(createImportsRepository(t.database.db), undefined, { previewWaitMs: 0 });
    const principal = { accountId: 1 } as Principal;
    const file = csvOf([['账号'], ['a'], ['b']]);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = jobs.preview<string>('test', principal, file, DEFAULT_TABLE_LIMITS, async (table, rows) => {
      started();
      await held;
      for await (const slice of table.slices) for (const r of slice) rows.valid(r.cells[0] as string);
      return { total: 2, existing: 0, columns: ['a'] };
    });
    await running;
    let read = false;
    const second = jobs.preview(
      'test',
      principal,
      async () => {
        read = true;
        return file;
      },
      DEFAULT_TABLE_LIMITS,
      async () => ({ total: 0, existing: 0, columns: [] }),
    );
    await expect(second).rejects.toMatchObject({ status: 429, message: '服务器正在预检另一个导入文件，请稍后再试' });
    expect(read).toBe(false); // the upload of a refused preview is not read
    release();
    const done = await first;
    expect(done).toMatchObject({ total: 2, valid: 2, rejected: 0 });
    // The slot is free again.
    const third = await jobs.preview('test', principal, file, DEFAULT_TABLE_LIMITS, async () => ({
      total: 0,
      existing: 0,
      columns: [],
    }));
    expect(third.valid).toBe(0);
  });
});
