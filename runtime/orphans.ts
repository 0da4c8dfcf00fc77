import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from './logger';

/**
 * The embedded servers a start left running when its process was killed outright (SIGKILL, the
 * kernel's OOM killer): their exit handler never ran, so PostgreSQL kept its data folder locked
 * and the Temporal dev server its port, and the next `npm start` could not start. Linux only
 * (/proc); elsewhere nothing is found and a start fails as before, with the server's own message.
 */

/** The command line of a process as its arguments; null when it is gone or unreadable. */
function argsOf(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

/** A process's parent and process group; null when it is gone. */
export function statOf(pid: number): { parent: number; group: number } | null {
  try {
    // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so read after its last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [, parent, group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(parent), group: Number(group) };
  } catch {
    return null;
  }
}

/** Whether a process is still there (also one of another user's, which this one may not signal). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The processes whose command line holds `args` in this order, one after another. */
export function processesWith(args: string[]): number[] {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
  return pids.filter((pid) => {
    const has = argsOf(pid);
    return has !== null && has.some((_, i) => args.every((a, j) => has[i + j] === a));
  });
}

/** Whether `pid` runs a command line holding `args`, one after another. */
export function runs(pid: number, args: string[]): boolean {
  return processesWith(args).includes(pid);
}

/**
 * Whether the process that started `pid` is gone: it was handed to init or to a subreaper (a
 * process manager), not to a node process, which is what starts the embedded servers.
 */
export function orphaned(pid: number): boolean {
  const parent = statOf(pid)?.parent;
  if (parent === undefined) return false;
  if (parent === 1) return true;
  const command = argsOf(parent)?.[0] ?? '';
  return !/(^|\/)node$/.test(command);
}

/**
 * Stops a server a killed start left running: `signal`, then, when `waitMs` passes and `thenKill`
 * allows it, SIGKILL; throws `fail(message)` when it will not go.
 */
export async function stopOrphan(
  pid: number,
  what: string,
  log: Logger,
  opts: { signal: NodeJS.Signals; waitMs: number; thenKill: boolean; fail: (message: string) => Error },
): Promise<void> {
  log.warn(
    { pid },
    `${what} left running by a start that was killed (pid ${pid}, its parent gone): stopping it before starting again`,
  );
  try {
    process.kill(pid, opts.signal);
  } catch {
    return; // gone meanwhile
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
