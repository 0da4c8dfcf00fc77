import net from 'node:net';

/**
 * A loopback TCP proxy a test can cut and restore, to play an unreachable server: `cut()` drops
 * every connection and refuses new ones; `restore()` forwards again. `blackHole` accepts and never answers.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let mode: 'forward' | 'refuse' | 'blackHole' = 'forward';
  const server = net.createServer((client) => {
    if (mode === 'refuse') return client.destroy();
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (mode === 'blackHole') return;
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  return {
    port,
    address: `127.0.0.1:${port}`,
    cut() {
      mode = 'refuse';
      dropAll();
    },
    blackHole() {
      mode = 'blackHole';
      dropAll();
    },
    restore() {
      mode = 'forward';
    },
    async close() {
      dropAll();
      await new Promise((r) => server.close(r));
    },
  };
}
