// Opens the SQLite file named on the command line and brings it to the latest migration (used by
// src/platform/db/migrations.test.ts to race several processes on one new file).
import { openSqlite } from '../src/platform/db/database.js';
import { migrate } from '../src/platform/db/migrations.js';

const database = openSqlite(process.argv[2]!);
try {
  await migrate(database.db as never, 'sqlite');
  process.stdout.write('migrated\n');
} finally {
  await database.close();
}
