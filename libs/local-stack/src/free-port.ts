import { createServer } from 'node:net';

// Between handing out a port and the server binding it there is a gap in which
// the OS may hand the same port out again; remembering what this process gave
// out keeps two of our own servers from being told the same port.
const handedOut = new Set<number>();

/** Asks the OS for a port nobody listens on (by listening on port 0). */
export async function getFreePort(host = '127.0.0.1'): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await listenBriefly(host, 0);
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`Could not find a free port on ${host}`);
}

/** True when nothing listens on host:port, so a server could bind it now. */
export async function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  try {
    await listenBriefly(host, port);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') return false;
    throw error;
  }
}

function listenBriefly(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address !== null ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}
