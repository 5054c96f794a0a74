import { networkInterfaces } from 'node:os';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, trustedClientRanges } from './config.js';
import { prepareDatabase, resetAdminPassword } from './modules/setup/index.js';
import { openPostgres, openSqlite } from './platform/db/database.js';
import { t } from './platform/i18n.js';
import { signInUrl } from './platform/sign-in-url.js';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // Every bad variable, one per line, without a stack trace in front of them.
    console.error(
      `The server cannot start; fix these environment variables (README, "Configuration"):\n  ${error.problems.join('\n  ')}`,
    );
    process.exit(1);
  }
})();
const database = config.databaseUrl ? openPostgres(config.databaseUrl) : openSqlite(`${config.dataDir}/gatehouse.db`);
const setup = await prepareDatabase(config, database);

// `npm run reset-admin-password`: a new password for admin, printed once, and no server (README).
if (process.argv.includes('--reset-admin-password')) {
  const { password, generated } = await resetAdminPassword(database.db, {
    adminPassword: config.adminPassword,
    passwordPolicy: config.passwordPolicy,
  });
  const line = '='.repeat(64);
  const text = [
    generated ? t('setup.adminPasswordReset', { password }) : t('setup.adminPasswordResetToEnv'),
    t('setup.changeAtFirstSignIn'),
  ];
  console.log(`\n${line}\n${text.map((row) => `  ${row}`).join('\n')}\n${line}\n`);
  await database.close();
  process.exit(0);
}

const { fastify } = await buildApp(config, database, setup);

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

// The queue of connections the kernel holds until they are accepted: Node's default (511) overflowed when 2,000
// clients connected at once to a server on a loaded machine (connection resets, resilience/soak.test.ts); the kernel
// caps it at net.core.somaxconn.
const address = await fastify.listen({ port: config.port, host: config.host, backlog: 4096 });

// A trusted range that holds the machine's own network lets the clients in it choose their address (README).
const own =
  config.host === '0.0.0.0' || config.host === '::'
    ? Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address))
    : [config.host];
const wide = trustedClientRanges(config.trustProxy, own);
if (wide.length > 0) {
  fastify.log.warn(
    { trustProxy: wide },
    "TRUST_PROXY trusts a range that holds this machine's own network: clients in it can choose their address; list the proxies' own addresses instead",
  );
}

if (setup.generatedAdminPassword) {
  // Printed once, on the start that created the account, once the server answers; it is not stored anywhere in
  // clear. What to do next: where to sign in, as whom, and that the password is changed at the first sign-in.
  const line = '='.repeat(64);
  const text = [
    t('setup.adminPassword', { password: setup.generatedAdminPassword }),
    // This machine's own address as localhost: passkeys need a host name (platform/sign-in-url.ts).
    t('setup.signInAt', { url: signInUrl(address) }),
    t('setup.changeAtFirstSignIn'),
  ];
  console.log(`\n${line}\n${text.map((row) => `  ${row}`).join('\n')}\n${line}\n`);
}
