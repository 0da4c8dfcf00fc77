import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, it } from '@jest/globals';
import { freePort, portFreed, sweepPortNotes } from '../../runtime/net';
import { alive, listenerOf, statOf, stopLeftRunning } from '../../runtime/orphans';
import { startDevServer, startTestServer } from '../../runtime/temporal-servers';
import { silentLog } from '../support/db';
import { testEnv } from '../support/env';
import { until } from '../support/until';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

/** Another node process, as another test file's worker is: `code` runs with freePort in scope; what it prints is read. */
function otherProcess(
  code: string,
  env: NodeJS.ProcessEnv = process.env,
): { child: ChildProcess; printed: () => string } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '-e', `const { freePort } = require('./runtime/net'); ${code}; setInterval(() => {}, 1000);`],
    { stdio: ['ignore', 'pipe', 'inherit'], env },
  );
  children.push(child);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  return { child, printed: () => out };
}

async function listening(port: number): Promise<net.Server> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

describe('ports for the servers a test or bench starts', () => {
  it('When ports are asked for, then each is free, new to this process and below the ephemeral range, and a port in use is passed over', async () => {
    const first = await freePort();
    // Hold the next one, as a server of another process would (or find it held already).
    const held = first + 1 > 32_767 ? 15_000 : first + 1;
    const holder = net.createServer();
    await new Promise<void>((resolve) => {
      holder.once('error', () => resolve());
      holder.listen(held, '127.0.0.1', () => resolve());
    });
    try {
      const ports = [first];
      for (let i = 0; i < 20; i++) ports.push(await freePort());
      assert.equal(new Set(ports).size, ports.length, 'no port is handed out twice');
      assert.ok(!ports.includes(held), 'the port in use is passed over');
      for (const p of ports) assert.ok(p >= 15_000 && p <= 32_767, `${p} is outside the kernel's ephemeral range`);
    } finally {
      if (holder.listening) await new Promise((r) => holder.close(r));
    }
  });

  it('When another running process was handed a port it has not bound yet, then this one is never handed it; once that process ended, the sweep gives the port back', async () => {
    const from = 15_000 + Math.floor(Math.random() * 15_000);
    const other = otherProcess(`freePort({ from: ${from} }).then((p) => console.log('port', p))`);
    const [, taken] = (await until(() => /port (\d+)/.exec(other.printed()), {
      what: 'the other process to be handed a port',
      timeoutMs: 30_000,
    }))!;
    const port = Number(taken);
    // Nothing listens on it: a bind check alone would hand it out again.
    assert.equal(await freePort({ from: port }).then((p) => p === port), false, 'the port it holds is passed over');
    other.child.kill('SIGKILL');
    await new Promise((r) => other.child.once('exit', r));
    // Its note outlives it (killed outright) until the test runner's sweep, as at the end of a run.
    assert.notEqual(await freePort({ from: port }), port, 'a young note of an ended process is passed over');
    sweepPortNotes();
    assert.equal(await freePort({ from: port }), port);
  });

  it('When a port is held by this process, by another one, or by nobody, then its listener reads ours, other and unknown', async () => {
    const port = await freePort();
    assert.equal(listenerOf(port, process.pid), 'unknown');
    const server = await listening(port);
    try {
      assert.equal(listenerOf(port, process.pid), 'ours');
      const { child } = otherProcess('');
      assert.equal(listenerOf(port, child.pid!), 'other');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('When a Temporal server is started on a port another program holds, then the start fails naming it after 10 s instead of using it; a port freed meanwhile (a server stopped just before) is waited for; a UI port in use is named', async () => {
    const devPort = await freePort();
    const held = await listening(devPort);
    try {
      await assert.rejects(
        startDevServer({
          log: silentLog,
          port: devPort,
          uiPort: await freePort(),
          namespace: 'default',
          headless: true,
          cliPath: testEnv().cli,
        }),
        new RegExp(
          `Another program \\(pid ${process.pid}: .*\\) already listens on 127\\.0\\.0\\.1:${devPort}.*TEMPORAL_DEV_PORT`,
        ),
      );
      // Its UI's port taken: the dev server exits at once, and the start says what it printed.
      await assert.rejects(
        startDevServer({
          log: silentLog,
          port: await freePort(),
          uiPort: devPort,
          namespace: 'default',
          cliPath: testEnv().cli,
        }),
        new RegExp(`exited: .*${devPort}.*address already in use`),
      );
    } finally {
      await new Promise((r) => held.close(r));
    }
    // Held a moment longer by what was there before: waited for, and the test server then starts there as its own.
    const testPort = await freePort();
    const closing = await listening(testPort);
    assert.equal(await portFreed(testPort, 0), false, 'a port in use is not free');
    setTimeout(() => closing.close(), 300);
    assert.equal(await portFreed(testPort, 30_000), true);
    assert.equal(closing.listening, false, 'it was free only once closed');
    const server = await startTestServer({ log: silentLog, port: testPort });
    try {
      const { Connection } = await import('@temporalio/client');
      const connection = await Connection.connect({ address: server.address });
      const info = await connection.workflowService.getSystemInfo({});
      assert.ok(info.capabilities, 'a Temporal server answers on the port');
      await connection.close();
    } finally {
      await server.stop();
    }
  });

  it('When a server process has ended its main thread while another still holds its port, then it still reads alive until the port is let go', async () => {
    const port = await freePort();
    // The main thread ends (pthread_exit) while a second one holds the listening socket for five seconds.
    const script = [
      'import socket, threading, time, ctypes',
      'from ctypes.util import find_library',
      'pthread = ctypes.CDLL(find_library("pthread") or None)',
      'sock = socket.socket()',
      `sock.bind(("127.0.0.1", ${port}))`,
      'sock.listen()',
      'def hold():',
      '    time.sleep(5)',
      '    sock.close()',
      'threading.Thread(target=hold).start()',
      'print("listening", flush=True)',
      'pthread.pthread_exit(None)',
    ].join('\n');
    const child = spawn('python3', ['-c', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    await until(() => statOf(child.pid!)?.state === 'Z', {
      what: 'the main thread to end',
      timeoutMs: 10_000,
      intervalMs: 10,
    });
    assert.equal(alive(child.pid!), true, 'a zombie main thread with a live thread is alive');
    assert.equal(await portFreed(port, 0), false, 'its port is still held');
    await until(() => !alive(child.pid!), { what: 'the process to end', timeoutMs: 20_000, intervalMs: 20 });
    assert.equal(await portFreed(port, 0), true, 'its port is free once it reads ended');
  });

  it('When the notes folder is one others may write to, then ports are handed out on the bind check alone and nothing is noted there', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'ports-'));
    const planted = path.join(tmp, `notetaker-ports-${process.getuid!()}`);
    mkdirSync(planted);
    chmodSync(planted, 0o777);
    const other = otherProcess(`freePort().then((p) => console.log('port', p))`, { ...process.env, TMPDIR: tmp });
    try {
      const [, port] = (await until(() => /port (\d+)/.exec(other.printed()), {
        what: 'a port handed out',
        timeoutMs: 30_000,
      }))!;
      assert.ok(Number(port) >= 15_000);
      assert.equal(readdirSync(planted).length, 0, 'no note in a folder others may write to');
    } finally {
      other.child.kill('SIGKILL');
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('a start that finds the server of its data running', () => {
  /** A process standing for a service (the owner) or its server; `sleep` runs until killed. */
  const sleeper = () => {
    const child = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(child);
    return child;
  };
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const owned = (owner: ChildProcess, stopping: boolean) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'owner-test-'));
    dirs.push(dir);
    const data = path.join(dir, 'data');
    const started = statOf(owner.pid!)!.started;
    writeFileSync(
      `${data}.owner`,
      JSON.stringify({ pid: owner.pid, started, ...(stopping ? { stopping: true } : {}) }),
    );
    return data;
  };
  const options = { signal: 'SIGTERM' as const, waitMs: 5_000, thenKill: true, fail: (m: string) => new Error(m) };

  it('When the service that runs it is stopping (a restart right after a stop), then the start waits for that service to end and then stops the server it left', async () => {
    const owner = sleeper();
    const server = sleeper();
    const data = owned(owner, true);
    const began = Date.now();
    const ended = new Promise((r) => server.once('exit', r));
    setTimeout(() => owner.kill('SIGKILL'), 1_000);
    await stopLeftRunning(server.pid!, data, 'The test server', silentLog, options);
    assert.ok(Date.now() - began >= 900, 'it waited for the stopping service');
    await ended;
    assert.equal(server.signalCode, 'SIGTERM');
  });

  it('When the service that runs it is running, then the start fails at once naming that service', async () => {
    const owner = sleeper();
    const server = sleeper();
    const data = owned(owner, false);
    const began = Date.now();
    await assert.rejects(
      stopLeftRunning(server.pid!, data, 'The test server', silentLog, options),
      new RegExp(`The test server of .* is already running \\(pid ${server.pid}, for process ${owner.pid}\\)`),
    );
    assert.ok(Date.now() - began < 1_000, 'it did not wait');
    assert.equal(alive(server.pid!), true);
  });
});
