import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Resolves once something accepts TCP connections on host:port, or rejects after `timeoutMs`. */
export async function waitForPort(
  host: string,
  port: number,
  timeoutMs: number,
  isAlive: () => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    if (!isAlive()) throw new Error(`the process meant to listen on ${host}:${port} exited`);
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Resolves true once nothing listens on `port` of loopback, false if something still does after
 * `timeoutMs`. A server stopped just before can hold its port a moment after its process reads as
 * ended (its other threads still closing), and a server started meanwhile would find it taken.
 */
export async function portFreed(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await isFree(port))) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** Whether nothing listens on `port` of loopback now (binding it and letting go). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

// Below Linux's default ephemeral range (32768-60999), where the kernel hands out ports for `listen(0)`
// and outgoing connections, and servers that choose their own ports (the Temporal dev server's
// internal services) take theirs: a port picked there could be taken again before its server binds it.
const FIRST = 15_000;
const LAST = 32_767;
let next = FIRST + Math.floor(Math.random() * (LAST - FIRST));

/**
 * Where the processes of this user note the ports they handed out (a file per port holding the pid):
 * a server binds its port seconds after it was picked (a JVM, a PostgreSQL), and a bind check alone
 * cannot see a port another process picked and has not bound yet.
 */
const RESERVATIONS = path.join(os.tmpdir(), `notetaker-ports-${process.getuid?.() ?? 'user'}`);

/** This process's notes, removed as it exits (those of a process killed outright are removed by the next look). */
const noted = new Set<string>();
function forgetNotes(): void {
  for (const file of noted) rmSync(file, { force: true });
  noted.clear();
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Notes `port` as this process's; false when a process still running noted it first. A note whose
 * process has ended is removed and the port passed over this time. Where nothing can be noted (no
 * writable temporary folder) every port is taken as free to note: the bind check still applies.
 */
function reserve(port: number): boolean {
  const file = path.join(RESERVATIONS, String(port));
  try {
    mkdirSync(RESERVATIONS, { recursive: true, mode: 0o700 });
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    if (noted.size === 0) process.once('exit', forgetNotes);
    noted.add(file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return true;
  }
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    if (!(pid > 0) || !running(pid)) rmSync(file, { force: true });
  } catch {
    // removed by its process meanwhile
  }
  return false;
}

/**
 * A free TCP port on loopback for a server this process is about to start. Taken in turn from a
 * random point of 15000-32767 (or from `from`), passing over a port this process or another running
 * one handed out before (noted in RESERVATIONS), and checked free: outside the ephemeral range,
 * nothing else takes it before its server binds it.
 */
export async function freePort(opts: { from?: number } = {}): Promise<number> {
  if (opts.from !== undefined) next = Math.min(Math.max(opts.from, FIRST), LAST);
  for (let tries = 0; tries <= LAST - FIRST; tries++) {
    const port = next;
    next = next >= LAST ? FIRST : next + 1;
    if (reserve(port) && (await isFree(port))) return port;
  }
  throw new Error(`no free port on 127.0.0.1 between ${FIRST} and ${LAST}`);
}
