import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep } from './support.js';

export const NGINX = '/usr/sbin/nginx';

/**
 * The reverse-proxy part of the configuration the README's "Running several instances" section gives, with the
 * upstream ports filled in. Kept here in one place: the test runs exactly this, and docs/README copy it.
 */
export function proxyConfig(listenPort: number, upstreams: readonly number[]): string {
  return `
  upstream gatehouse {
${upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listenPort};
    # Uploads are limited by Gatehouse itself (100 MB, the quota); nginx streams them through unbuffered.
    client_max_body_size 0;
    proxy_request_buffering off;
    proxy_buffering off;
    location / {
      proxy_pass http://gatehouse;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      # The address nginx saw, appended; with TRUST_PROXY=<nginx's address> the server believes that one only.
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # An instance that is down (refused, reset) is skipped, for any method: nothing reached it.
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
    }
  }`;
}

export interface Nginx {
  port: number;
  baseUrl: string;
  stop(): Promise<void>;
  errorLog(): string;
}

/** Starts Debian's nginx in the foreground with its own prefix, proxying to `upstreams` on loopback. */
export async function startNginx(upstreams: readonly number[]): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (.ci/run installs it)`);
  const port = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), 'gh-nginx-'));
  // Run as root, nginx's workers drop to nobody: they must reach the prefix and its temp folders.
  chmodSync(prefix, 0o755);
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(prefix, dir));
    chmodSync(join(prefix, dir), 0o777);
  }
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${proxyConfig(port, upstreams)}
}
`,
  );
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => {
    const file = join(prefix, 'error.log');
    return `${output}${existsSync(file) ? readFileSync(file, 'utf8') : ''}`;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  // A hang guard, not a speed limit: attempts 50 ms apart until nginx answers.
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${errorLog()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 1200) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer:\n${errorLog()}`);
    }
    await sleep(50);
  }
  return {
    port,
    baseUrl,
    errorLog,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
