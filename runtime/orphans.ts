import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from './logger';

/**
 * The embedded servers a start left running when its process was killed outright (SIGKILL, the
 * kernel's OOM killer): their exit handler never ran, so PostgreSQL kept its data folder locked
 * and the Temporal dev server its port, and the next `npm start` could not start. Each start
 * writes beside the server's data which process runs it (`<data>.owner`: its pid and when it
 * started); a server whose owner is gone is stopped by the next start, one whose owner still runs
 * is left alone and that start fails saying so. Linux only (/proc); elsewhere nothing is found
 * and a start fails as before, with the server's own message.
 */

/** The command line of a process as its arguments; null when it is gone or unreadable. */
function argsOf(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

/**
 * A process's name (its command, as `ps` shows it), state, parent, process group, start time and CPU
 * used (user and system), the times in clock ticks (after boot, and since it started); null when it
 * is gone.
 */
export function statOf(
  pid: number,
): { name: string; state: string; parent: number; group: number; started: number; cpuTicks: number } | null {
  try {
    // pid (comm) state ppid pgrp … utime stime (fields 14, 15) … starttime (field 22): comm may hold
    // spaces and parentheses, so the fields are read after its last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return {
      name: stat.slice(stat.indexOf('(') + 1, close),
      state: fields[0]!,
      parent: Number(fields[1]),
      group: Number(fields[2]),
      cpuTicks: Number(fields[11]) + Number(fields[12]),
      started: Number(fields[19]),
    };
  } catch {
    return null;
  }
}

const ended = (state: string | undefined) => state === undefined || state === 'Z' || state === 'X';

/**
 * Whether a process is still there: not gone, and not a zombie waiting to be reaped. A process whose
 * main thread has ended while its other threads still exit (closing its files and sockets: a
 * server's port is still held) reads as a zombie in its own stat, and is still there.
 */
export function alive(pid: number): boolean {
  if (!ended(statOf(pid)?.state)) return true;
  return anyEntry(`/proc/${pid}/task`, (thread) => {
    const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
    return !ended(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]);
  });
}

/**
 * Whether `test` holds for an entry of a /proc folder (a process's threads, its open files); false
 * when the folder cannot be read. An entry gone while it is read (a thread ended, a file closed) does not hold.
 */
function anyEntry(folder: string, test: (entry: string) => boolean): boolean {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return false;
  }
  return entries.some((entry) => {
    try {
      return test(entry);
    } catch {
      return false;
    }
  });
}

/** Whether `pid` runs a command line holding `args` in this order, one after another. */
export function runs(pid: number, args: string[]): boolean {
  const has = argsOf(pid);
  return has !== null && has.some((_, i) => args.every((a, j) => has[i + j] === a));
}

/** Every process of the machine (none where there is no /proc). */
export function allProcesses(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

/** The processes whose command line holds `args` in this order, one after another. */
export function processesWith(args: string[]): number[] {
  return allProcesses().filter((pid) => runs(pid, args));
}

/** The servers this process has claimed (claimServer): their data, to be marked stopping. */
const claimed = new Set<string>();

function writeOwner(data: string, stopping: boolean): Promise<void> {
  const me = statOf(process.pid);
  return writeFile(
    `${data}.owner`,
    JSON.stringify({ pid: process.pid, started: me?.started ?? null, ...(stopping ? { stopping: true } : {}) }),
    { mode: 0o644 },
  );
}

/** Records this process as the one running the server of `data` (a data folder or file). */
export async function claimServer(data: string): Promise<void> {
  await writeOwner(data, false);
  claimed.add(data);
}

/**
 * Records that this process is stopping, with the servers it claimed: a start that finds one of
 * them still running waits for this process to end (stopLeftRunning) instead of failing. Called
 * first thing when a service is told to stop (scripts/start.ts).
 */
export async function markServersStopping(): Promise<void> {
  await Promise.all([...claimed].map((data) => writeOwner(data, true).catch(() => undefined)));
}

/**
 * The process recorded as running the server of `data`, while it runs, and whether it is stopping;
 * null when it is gone (its pid ended, or now names a process started later) or none was recorded.
 */
function ownerOf(data: string): { pid: number; stopping: boolean } | null {
  let owner: { pid?: unknown; started?: unknown; stopping?: unknown };
  try {
    owner = JSON.parse(readFileSync(`${data}.owner`, 'utf8'));
  } catch {
    return null;
  }
  if (typeof owner.pid !== 'number') return null;
  const now = statOf(owner.pid);
  if (!now || !alive(owner.pid) || now.started !== owner.started) return null;
  return { pid: owner.pid, stopping: owner.stopping === true };
}

/** How long a start waits for a service that is stopping to end, before it says the server is in use. */
const STOPPING_OWNER_WAIT_MS = 60_000;

/**
 * Before a start runs the server of `data` (`what`, found running as `pid`): stops it when the start
 * recorded as running it (claimServer) is gone, with `signal`, then, when `waitMs` passes and
 * `thenKill` allows it, SIGKILL. Throws `fail(message)` when that start still runs or none was
 * recorded (it is not this start's to stop), or when the server will not go or may not be signalled.
 */
export async function stopLeftRunning(
  pid: number,
  data: string,
  what: string,
  log: Logger,
  opts: { signal: NodeJS.Signals; waitMs: number; thenKill: boolean; fail: (message: string) => Error },
): Promise<void> {
  let owner = ownerOf(data);
  if (owner?.stopping) {
    // A service told to stop (Ctrl-C, SIGTERM) drains for some seconds, and its servers stop last:
    // a start right after it waits for it, and then finds its server gone or left running.
    log.info({ pid: owner.pid }, `${what} of ${data} belongs to a service that is stopping: waiting for it to end`);
    const until = Date.now() + STOPPING_OWNER_WAIT_MS;
    while (owner !== null && Date.now() < until) {
      await sleep(100);
      owner = ownerOf(data);
    }
    if (!alive(pid)) return; // stopped with its service
  }
  if (owner !== null || !existsSync(`${data}.owner`))
    throw opts.fail(
      `${what} of ${data} is already running (pid ${pid}${owner === null ? '' : `, for process ${owner.pid}${owner.stopping ? `, which did not stop within ${STOPPING_OWNER_WAIT_MS / 1000} s` : ''}`}): stop that service first, or give this one another DATA_DIR.`,
    );
  log.warn(
    { pid },
    `${what} left running by a start that was killed (pid ${pid}, the process that started it gone): stopping it before starting again`,
  );
  try {
    process.kill(pid, opts.signal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return; // gone meanwhile
    throw opts.fail(
      `${what} left running by a killed start (pid ${pid}) may not be stopped by this user (${(err as Error).message}): stop it (kill ${pid}) and start again.`,
    );
  }
  let deadline = Date.now() + opts.waitMs;
  let killed = false;
  while (alive(pid)) {
    if (Date.now() > deadline) {
      if (!opts.thenKill || killed)
        throw opts.fail(
          `${what} left running by a killed start (pid ${pid}) did not stop within ${opts.waitMs / 1000} s: stop it (kill ${pid}) and start again.`,
        );
      process.kill(pid, 'SIGKILL');
      killed = true;
      deadline = Date.now() + 5_000;
    }
    await sleep(100);
  }
}

/** The inodes of the sockets listening on TCP `port` (any local address, IPv4 or IPv6); null without /proc. */
function listeningSockets(port: number): Set<string> | null {
  const inodes = new Set<string>();
  let read = false;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    read = true;
    // sl local_address rem_address st …: the local port in hex after the colon, state 0A is LISTEN, inode the tenth field.
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== '0A') continue;
      if (parseInt(f[1]!.split(':')[1]!, 16) === port) inodes.add(f[9]!);
    }
  }
  return read ? inodes : null;
}

/** `pid` and every process descended from it. */
function withDescendants(pid: number): number[] {
  const all = allProcesses().map((p) => [p, statOf(p)?.parent] as const);
  const family = [pid];
  for (let i = 0; i < family.length; i++) for (const [p, parent] of all) if (parent === family[i]) family.push(p);
  return family;
}

/** Whether `pid` holds one of the sockets `inodes`. */
function holdsSocket(pid: number, inodes: Set<string>): boolean {
  return anyEntry(`/proc/${pid}/fd`, (fd) => {
    const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
    return target.startsWith('socket:[') && inodes.has(target.slice(8, -1));
  });
}

/**
 * Who answers on TCP `port`: 'ours' when `pid` (or a process it started) holds the listening
 * socket, 'other' when a listening socket is there and none of them holds it (another program took
 * the port: its answers are not our server's), 'unknown' where /proc cannot say (not Linux).
 */
export function listenerOf(port: number, pid: number): 'ours' | 'other' | 'unknown' {
  const inodes = listeningSockets(port);
  if (inodes === null || inodes.size === 0) return 'unknown';
  return withDescendants(pid).some((p) => holdsSocket(p, inodes)) ? 'ours' : 'other';
}

/** The process listening on TCP `port` and its command line, where /proc shows it (this user's, or any as root). */
export function listeningProcess(port: number): { pid: number; command: string } | null {
  const inodes = listeningSockets(port);
  if (!inodes?.size) return null;
  const pid = allProcesses().find((p) => holdsSocket(p, inodes));
  return pid === undefined ? null : { pid, command: (argsOf(pid) ?? []).join(' ').slice(0, 300) };
}
