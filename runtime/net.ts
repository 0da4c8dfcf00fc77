import { linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
 * A port that cannot be bound for another reason (not allowed) counts as free: the server says why.
 */
export async function portFreed(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while ((await bindCheck(port)) === 'in_use') {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** Whether `port` of loopback can be bound now (binding it and letting go): free, in use, or refused otherwise. */
function bindCheck(port: number): Promise<'free' | 'in_use' | 'refused'> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'EADDRINUSE' ? 'in_use' : 'refused'));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve('free')));
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
/** A note of an ended process is removed once this old (a younger one may be replaced as it is looked at). */
const STALE_NOTE_MS = 30_000;

/**
 * The notes folder, made when missing, when it is safe to use: a folder of this user's that no one
 * else may write to (not a link). Otherwise (another user made it, no writable temporary folder)
 * null: ports are then only checked by binding them.
 */
function notesFolder(): string | null {
  try {
    mkdirSync(RESERVATIONS, { recursive: true, mode: 0o700 });
    const st = lstatSync(RESERVATIONS);
    const ours = process.getuid === undefined || st.uid === process.getuid();
    return st.isDirectory() && ours && (st.mode & 0o022) === 0 ? RESERVATIONS : null;
  } catch {
    return null;
  }
}

/**
 * This process's notes, removed as it exits. A process killed outright, or a jest test file (whose
 * `process` is a sandbox that never emits 'exit'), leaves its notes: the next look at the port
 * removes them once old enough, and the test runner sweeps them when jest ends (sweepPortNotes).
 */
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

/** Whether the process a note names has ended, and the note's age (a note removed meanwhile: not ended). */
function noteOf(file: string): { ended: boolean; ageMs: number } {
  const pid = Number(readFileSafely(file));
  try {
    return { ended: pid > 0 && !running(pid), ageMs: Date.now() - statSync(file).mtimeMs };
  } catch {
    return { ended: false, ageMs: 0 };
  }
}

const readFileSafely = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/**
 * Notes `port` as this process's; false when another note is there. The note appears whole (written
 * beside, then linked into place), so no one reads it empty. A note of an ended process is removed
 * once old enough and the port passed over this time. Without a safe notes folder every port is
 * taken as free to note: the bind check still applies.
 */
function reserve(port: number): boolean {
  const dir = notesFolder();
  if (dir === null) return true;
  const file = path.join(dir, String(port));
  const draft = path.join(dir, `.${process.pid}-${port}`);
  try {
    writeFileSync(draft, String(process.pid));
    linkSync(draft, file);
    if (noted.size === 0) process.once('exit', forgetNotes);
    noted.add(file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return true;
  } finally {
    rmSync(draft, { force: true });
  }
  const note = noteOf(file);
  if (note.ended && note.ageMs > STALE_NOTE_MS) rmSync(file, { force: true });
  return false;
}

/** Removes every note of a process that has ended (the test runner, once jest has ended). */
export function sweepPortNotes(): void {
  const dir = notesFolder();
  if (dir === null) return;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const pid = Number(name.startsWith('.') ? name.slice(1).split('-')[0] : readFileSafely(file));
    if (pid > 0 && !running(pid)) rmSync(file, { force: true });
  }
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
    if (reserve(port) && (await bindCheck(port)) === 'free') return port;
  }
  throw new Error(`no free port on 127.0.0.1 between ${FIRST} and ${LAST}`);
}
