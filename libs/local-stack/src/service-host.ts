import type { HostReply, HostRequest } from './host-protocol.js';
import { HostedServices } from './hosted-services.js';

// The one-process layout's Node process when the launcher keeps its own (the tests): the launcher
// (startServices) asks it over IPC to start and stop services. Nothing here reads a service's
// settings; they travel with each request.

const services = new HostedServices();
/** Within the orphan watcher's grace period, so that a stop that hangs still ends on its own. */
const ORPHANED_STOP_MS = 8_000;

function reply(message: HostReply): void {
  if (process.connected) process.send?.(message);
}

function handle(request: HostRequest): Promise<void> {
  return request.op === 'start' ? services.start(request.key, request.entry, request.env) : services.stop(request.key);
}

process.on('message', (request: HostRequest) => {
  handle(request).then(
    () => reply({ id: request.id, ok: true }),
    (error: unknown) => {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      process.stderr.write(`${request.key}: ${message}\n`);
      reply({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) });
    },
  );
});

const exit = () => void services.stopAll().finally(() => process.exit(0));
process.once('SIGTERM', exit);
process.once('SIGINT', exit);
// The IPC channel closes when the launcher ends, however it ends (a SIGKILL too). The launcher's
// forced stop went with it, and a service's stop may hang on a database or bus going away at the
// same moment, so this stop has a deadline of its own.
process.once('disconnect', () => {
  setTimeout(() => process.exit(1), ORPHANED_STOP_MS).unref();
  exit();
});
reply({ id: 0, ok: true });
// The launcher names every entry it will start, in start order.
void services.preload(process.argv.slice(2));
