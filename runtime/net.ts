import net from 'node:net';

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
 * A free TCP port on loopback for a server this process is about to start. Taken in turn from a
 * random point of 15000-32767 (never one this process handed out before, until the range wraps),
 * and checked free: outside the ephemeral range, nothing else takes it before its server binds it.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries <= LAST - FIRST; tries++) {
    const port = next;
    next = next >= LAST ? FIRST : next + 1;
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port on 127.0.0.1 between ${FIRST} and ${LAST}`);
}
