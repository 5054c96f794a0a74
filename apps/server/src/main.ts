import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openPostgres, openSqlite } from './platform/db/database.js';
import { t } from './platform/i18n.js';

const config = loadConfig();
const database = config.databaseUrl ? openPostgres(config.databaseUrl) : openSqlite(`${config.dataDir}/gatehouse.db`);
const { fastify, setup } = await buildApp(config, database);

if (setup.generatedAdminPassword) {
  // Printed once, on the start that created the account; it is not stored anywhere in clear.
  const line = '='.repeat(64);
  console.log(`\n${line}\n  ${t('setup.adminPassword', { password: setup.generatedAdminPassword })}\n${line}\n`);
}

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) fastify.log.error({ err }, 'shutting down after an error');
  else fastify.log.info({ signal }, 'shutting down');
  await fastify.close();
  await database.close();
});

await fastify.listen({ port: config.port, host: config.host });
