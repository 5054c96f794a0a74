import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';

/**
 * A loopback port nobody listens on right now. Between this answer and the moment a started process binds it,
 * another caller can be handed the same port (the kernel reuses a port just closed): a process started on it must
 * be checked with `listensOn` before its answers are trusted.
 */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** Inodes of the sockets listening on `port` (state 0A in /proc/net/tcp and tcp6). */
function listeningInodes(port: number): Set<string> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      if (fields[1]!.endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(fields[9]!);
    }
  }
  return inodes;
}

/**
 * Whether the process `pid` itself listens on `port` (one of its open sockets is the listening one). A health check
 * that answers only says that somebody listens there: two processes handed the same port by `freePort` would each
 * take the other's answers for their own (resilience/kill9.test.ts met another lane's server that way).
 */
export function listensOn(pid: number, port: number): boolean {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return false;
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  for (const fd of fds) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return true;
    } catch {
      // closed meanwhile
    }
  }
  return false;
}
