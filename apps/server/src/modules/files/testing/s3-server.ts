import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface S3TestServer {
  /** `http://127.0.0.1:<port>`: path-style addressing. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Where the server keeps its buckets (objects are `<directory>/<bucket>/<key>._S3rver_object`). */
  directory: string;
  /** The environment a Gatehouse server process needs to store its files here. */
  env: Record<string, string>;
  /** Stops the server (and removes its directory when the launcher made it). Safe to call twice. */
  stop(): Promise<void>;
}

const PROCESS_SCRIPT = fileURLToPath(new URL('./s3-server-process.mjs', import.meta.url));

/**
 * A real S3-protocol server (s3rver, from the npm registry) in a child process on 127.0.0.1 and a free port, with
 * one bucket created and its own random credentials. Being a separate network server, it can be shared by several
 * Gatehouse processes, and stopping it is a real storage outage for them.
 */
export async function startS3Server(options: { directory?: string } = {}): Promise<S3TestServer> {
  const ownDirectory = options.directory === undefined;
  const directory = options.directory ?? (await mkdtemp(join(tmpdir(), 'gatehouse-s3-')));
  const bucket = 'gatehouse-test';
  const accessKeyId = `GH${randomBytes(9).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(24).toString('base64url');
  const region = 'us-east-1';
  const child = spawn(
    process.execPath,
    [PROCESS_SCRIPT, JSON.stringify({ directory, bucket, accessKeyId, secretAccessKey })],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let port: number;
  try {
    port = await readyPort(child);
  } catch (error) {
    child.kill('SIGKILL');
    if (ownDirectory) await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  let stopped: Promise<void> | undefined;
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    directory,
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop() {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          child.kill('SIGTERM');
          await exited;
        }
        if (ownDirectory) await rm(directory, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}

/** Waits for the child's `{"port":N}` line; fails with its stderr when it exits first. */
function readyPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      // Keep only the tail: the process may warn, and nobody reads it after start-up.
      err = (err + chunk).slice(-4000);
    });
    child.stdout?.setEncoding('utf8');
    const onData = (chunk: string) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      child.stdout?.resume();
      resolve((JSON.parse(line) as { port: number }).port);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      reject(new Error(`the S3 test server exited before listening (code ${code}, signal ${signal}): ${err.trim()}`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', reject);
  });
}
