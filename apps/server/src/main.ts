import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openPostgres, openSqlite } from './platform/db/database.js';
import { t } from './platform/i18n.js';

const config = loadConfig();
const database = config.databaseUrl
  ? openPostgres(config.databaseUrl)
  : openSqlite(`${config.dataDir}/gatehouse.db`, { readCache: config.sqliteReadCache });
const { fastify, setup } = await buildApp(config, database);

if (setup.generatedAdminPassword) {
  // Printed once, on the start that created the account; it is not stored anywhere in clear.
  const line = '='.repeat(64);
  console.log(`\n${line}\n  ${t('setup.adminPassword', { password: setup.generatedAdminPassword })}\n${line}\n`);
}

// Graceful shutdown: the listener closes at once (new connections are refused), requests in flight finish,
// and their answers close the connection, so a keep-alive client does not hold the process open.
let shuttingDown = false;
fastify.addHook('onSend', async (_request, reply) => {
  if (shuttingDown) reply.header('connection', 'close');
});
closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  shuttingDown = true;
  if (err) fastify.log.error({ err }, 'shutting down after an error');
  else fastify.log.info({ signal }, 'shutting down');
  // A connection that was busy when the signal came and goes idle afterwards is closed too.
  const sweep = setInterval(() => fastify.server.closeIdleConnections(), 100);
  try {
    await fastify.close();
  } finally {
    clearInterval(sweep);
  }
  await database.close();
});

await fastify.listen({ port: config.port, host: config.host });
