import { pathToFileURL } from 'node:url';

import type { LogOutput, RunningService, ServiceEntry } from '@marketplace/service-kit';
import { startIdleMemoryReducer } from '@marketplace/service-kit/edge';

/**
 * The services of the one-process layout, whichever process holds them (service-host.js, or the
 * launcher itself): each starts from its app's dist/service.js with its own settings, which travel
 * with the start and stay in that service's scope.
 */
export class HostedServices {
  private readonly running = new Map<string, RunningService>();
  private readonly entries = new Map<string, Promise<ServiceEntry>>();
  private stopping: Promise<void> | undefined;

  async start(key: string, entryPath: string, env: Record<string, string>, output?: LogOutput): Promise<void> {
    if (this.running.has(key)) throw new Error(`${key} is already running`);
    const service = await (await this.entryAt(entryPath)).start(env, output);
    this.running.set(key, service);
    // One per process, whichever service started first; its settings are every service's alike.
    startIdleMemoryReducer(env);
  }

  async stop(key: string): Promise<void> {
    const service = this.running.get(key);
    this.running.delete(key);
    await service?.stop();
  }

  /**
   * Loads the entries' modules ahead of their starts, one after another: while one service waits on
   * its database and bus at start, the next one's modules load, so a restarted host serves sooner.
   * A module that fails to load fails its service's start, where the error is reported.
   */
  async preload(entryPaths: readonly string[]): Promise<void> {
    for (const path of entryPaths) await this.entryAt(path).catch(() => undefined);
  }

  /** The gateway first, so no request arrives at a service that is already gone; then the rest together. */
  stopAll(): Promise<void> {
    this.stopping ??= (async () => {
      const first = [...this.running.keys()].filter((key) => key.startsWith('gateway@'));
      await Promise.allSettled(first.map((key) => this.stop(key)));
      await Promise.allSettled([...this.running.keys()].map((key) => this.stop(key)));
    })();
    return this.stopping;
  }

  private entryAt(path: string): Promise<ServiceEntry> {
    let entry = this.entries.get(path);
    if (!entry) {
      entry = import(pathToFileURL(path).href).then((module: { service?: ServiceEntry }) => {
        if (!module.service) throw new Error(`${path} exports no service`);
        return module.service;
      });
      this.entries.set(path, entry);
    }
    return entry;
  }
}
