import { HostedServices } from './hosted-services.js';
import { LineTail } from './line-tail.js';
import { hostedInstance, type ServiceHost, type ServiceInstance } from './service-instance.js';

/**
 * The one-process layout with the launcher itself as the services' process (npm start): no second
 * Node runtime, and the libraries the launcher and the services both use are loaded once. The
 * services' settings still travel with each start and stay in its scope; their log lines come to
 * `log` under the service's name rather than to stdout. An uncaught error in a service ends the
 * launcher too, which then takes PostgreSQL and NATS down with it.
 */
export class InProcessServiceHost implements ServiceHost {
  readonly tail = new LineTail(80);
  private readonly services = new HostedServices();

  constructor(private readonly log: (app: string, line: string) => void) {}

  run(key: string, entry: string, env: Record<string, string>): ServiceInstance {
    const app = key.slice(0, key.lastIndexOf('@'));
    const output = {
      write: (lines: string) => {
        for (const line of lines.split('\n')) {
          if (!line) continue;
          this.tail.push(line);
          this.log(app, line);
        }
      },
    };
    const started = this.services.start(key, entry, env, output).then(
      () => ({ ok: true as const }),
      (error: unknown) => {
        this.tail.push(`${key}: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
        return { ok: false as const, error: error instanceof Error ? error.message : String(error) };
      },
    );
    return hostedInstance({ key, started, stop: () => this.services.stop(key), pid: () => process.pid });
  }

  stop(): Promise<void> {
    return this.services.stopAll();
  }
}
