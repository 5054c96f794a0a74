import { join } from 'node:path';
import { type Nginx, startNginx } from '../resilience/nginx.js';

/** What bench/run.ts lends these scenarios (its server start, its autocannon driver, its JSON call). */
export interface InstanceBenchDeps<Server extends { base: string; port: number; stop(): Promise<void> }, Measure> {
  startServer(dataDir: string, databaseUrl: string): Promise<Server>;
  drive(options: { url: string; connections: number; headers: Record<string, string> }): Promise<Measure>;
  login(base: string): Promise<string>;
}

/**
 * The account list's first page through nginx (the README's "Running several instances" configuration) with one
 * instance behind it, then with two (each its own DATA_DIR, one PostgreSQL database), in the same run: the two-instance
 * throughput against one. Answers the two measures; the caller makes the rows.
 */
export async function measureInstances<Server extends { base: string; port: number; stop(): Promise<void> }, Measure>(
  deps: InstanceBenchDeps<Server, Measure>,
  options: { workDir: string; databaseUrl: string; path: string; connections: number },
): Promise<{ direct: Measure; one: Measure; two: Measure }> {
  const started: Server[] = [];
  let proxy: Nginx | undefined;
  try {
    const a = await deps.startServer(join(options.workDir, 'instance-a'), options.databaseUrl);
    started.push(a);
    const token = await deps.login(a.base);
    const through = async (servers: readonly Server[]) => {
      proxy = await startNginx(servers.map((server) => server.port));
      try {
        return await deps.drive({
          url: `${proxy.baseUrl}/api${options.path}`,
          connections: options.connections,
          headers: { authorization: token },
        });
      } finally {
        await proxy.stop();
        proxy = undefined;
      }
    };
    // The same instance without nginx: what the proxy costs.
    const direct = await deps.drive({
      url: `${a.base}/api${options.path}`,
      connections: options.connections,
      headers: { authorization: token },
    });
    const one = await through([a]);
    const b = await deps.startServer(join(options.workDir, 'instance-b'), options.databaseUrl);
    started.push(b);
    const two = await through([a, b]);
    return { direct, one, two };
  } finally {
    await proxy?.stop();
    for (const server of started) await server.stop();
  }
}
