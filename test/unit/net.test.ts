import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from '@jest/globals';
import { freePort } from '../../runtime/net';

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
});
