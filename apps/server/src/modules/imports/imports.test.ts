import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { csvOf, uploadPreview } from '../../../test/import-upload.js';
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

  it('keeps a preview (the rows of an uploaded file) for a day, then the purge deletes it', async () => {
    const file = csvOf([
      ['账号', '用户名', '所属组织'],
      ['purge.me', '待清理', '总公司'],
    ]);
    const made = await uploadPreview(t, '/account/import/preview', admin, 'a.csv', file);
    expect(made.status, made.msg).toBe(200);
    const id = made.data.previewId;
    expect(await previews()).toContain(id);

    const repo = createImportsRepository(t.database.db);
    // An hour later it is still there; a day and a minute later it is gone.
    await createImportJobs(repo, () => new Date(Date.now() + 3_600_000)).purge();
    expect(await previews()).toContain(id);
    await createImportJobs(repo, () => new Date(Date.now() + IMPORT_KEEP_MS + 60_000)).purge();
    expect(await previews()).not.toContain(id);
  });
});
