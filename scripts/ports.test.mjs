// @ts-check
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, listensOn } from '../e2e/ports.ts';

const closers = /** @type {(() => void)[]} */ ([]);
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe('listensOn (whose server answers on a port)', () => {
  it('tells the process that listens from one that does not, on the same port', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    closers.push(() => server.close());
    const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;

    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    closers.push(() => child.kill('SIGKILL'));

    expect(listensOn(process.pid, port)).toBe(true);
    expect(listensOn(/** @type {number} */ (child.pid), port)).toBe(false);
  });

  it('says no for a port nobody listens on, and for a process that is gone', async () => {
    const port = await freePort();
    expect(listensOn(process.pid, port)).toBe(false);
    expect(listensOn(2 ** 22 + 1, port)).toBe(false);
  });
});
