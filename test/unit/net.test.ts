import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterEach, describe, it } from '@jest/globals';
import { freePort } from '../../runtime/net';
import { listenerOf } from '../../runtime/orphans';
import { startDevServer, startTestServer } from '../../runtime/temporal-servers';
import { silentLog } from '../support/db';
import { testEnv } from '../support/env';
import { until } from '../support/until';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

/** Another node process, as another test file's worker is: `code` runs with freePort in scope; what it prints is read. */
function otherProcess(code: string): { child: ChildProcess; printed: () => string } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '-e', `const { freePort } = require('./runtime/net'); ${code}; setInterval(() => {}, 1000);`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
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

  it('When another running process was handed a port it has not bound yet, then this one is never handed it; once that process ends, the port comes back', async () => {
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
    // The first look removes the note of the ended process; the next hands the port out.
    await freePort({ from: port });
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

  it('When a Temporal server is started on a port another program took meanwhile, then the start fails saying so instead of using that program, and one whose UI port is taken says so', async () => {
    const devPort = await freePort();
    const testPort = await freePort();
    const servers = [await listening(devPort), await listening(testPort)];
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
        new RegExp(`Another program already listens on 127\\.0\\.0\\.1:${devPort}.*TEMPORAL_DEV_PORT`),
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
      await assert.rejects(
        startTestServer({ log: silentLog, port: testPort }),
        new RegExp(`Another program already listens on 127\\.0\\.0\\.1:${testPort}`),
      );
    } finally {
      for (const s of servers) await new Promise((r) => s.close(r));
    }
  });
});
