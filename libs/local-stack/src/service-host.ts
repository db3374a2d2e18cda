import { pathToFileURL } from 'node:url';
import type { RunningService, ServiceEntry } from '@marketplace/service-kit';
import type { HostReply, HostRequest } from './host-protocol.js';

// The one-process layout's Node process: the launcher (startServices) asks it over IPC to start and
// stop services, each from its app's dist/service.js and with its own settings. Nothing here reads
// a service's settings; they travel with each request and stay in that service's scope.

const running = new Map<string, RunningService>();
const entries = new Map<string, Promise<ServiceEntry>>();
let stopping: Promise<void> | undefined;

function reply(message: HostReply): void {
  if (process.connected) process.send?.(message);
}

function entryAt(path: string): Promise<ServiceEntry> {
  let entry = entries.get(path);
  if (!entry) {
    entry = import(pathToFileURL(path).href).then((module: { service?: ServiceEntry }) => {
      if (!module.service) throw new Error(`${path} exports no service`);
      return module.service;
    });
    entries.set(path, entry);
  }
  return entry;
}

async function handle(request: HostRequest): Promise<void> {
  if (request.op === 'start') {
    if (running.has(request.key)) throw new Error(`${request.key} is already running`);
    const service = await (await entryAt(request.entry)).start(request.env);
    running.set(request.key, service);
    return;
  }
  const service = running.get(request.key);
  running.delete(request.key);
  await service?.stop();
}

/** The gateway first, so no request arrives at a service that is already gone; then the rest together. */
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    const first = [...running.keys()].filter((key) => key.startsWith('gateway@'));
    await Promise.allSettled(first.map((key) => handle({ op: 'stop', id: 0, key })));
    await Promise.allSettled([...running.keys()].map((key) => handle({ op: 'stop', id: 0, key })));
  })();
  return stopping;
}

process.on('message', (request: HostRequest) => {
  handle(request).then(
    () => reply({ id: request.id, ok: true }),
    (error: unknown) => {
      const message = error instanceof Error ? error.stack ?? error.message : String(error);
      process.stderr.write(`${request.key}: ${message}\n`);
      reply({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) });
    },
  );
});

const exit = () => void stopAll().finally(() => process.exit(0));
process.once('SIGTERM', exit);
process.once('SIGINT', exit);
// A launcher that went away cannot stop us any more.
process.once('disconnect', exit);
reply({ id: 0, ok: true });
