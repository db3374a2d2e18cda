import { constants } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/*
 * Where nats-server is, and when it is nowhere, the one command that installs it on this system.
 * Only node: imports and erasable TypeScript, so `npm start` and `npm test` load this file from
 * source (tools/require-nats-server.mjs) and stop before the build, not minutes into it.
 */

export const NATS_RELEASES_URL = 'https://github.com/nats-io/nats-server/releases';

export interface NatsHost {
  /** The text of /etc/os-release; undefined where there is none (macOS, Windows). */
  osRelease: string | undefined;
  /** process.platform */
  platform: string;
  /** Running as root: package managers need no sudo. */
  root: boolean;
}

/** The distribution and the ones it derives from (ID, then ID_LIKE), lower case. */
export function osReleaseIds(osRelease: string): string[] {
  const ids: string[] = [];
  for (const line of osRelease.split('\n')) {
    const match = /^\s*(ID|ID_LIKE)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[2]) continue;
    const value = match[2].replace(/^(["'])(.*)\1$/, '$2');
    ids.push(...value.toLowerCase().split(/\s+/).filter(Boolean));
  }
  return ids;
}

/** The command that installs nats-server on this host, or undefined when no package manager is known to carry it. */
export function natsInstallCommand(host: NatsHost): string | undefined {
  if (host.platform === 'darwin') return 'brew install nats-server';
  if (host.platform !== 'linux' || host.osRelease === undefined) return undefined;
  const ids = osReleaseIds(host.osRelease);
  const sudo = host.root ? '' : 'sudo ';
  // Derivatives name their parent in ID_LIKE (Ubuntu, Mint: debian; Rocky, Alma: rhel fedora).
  if (ids.some((id) => id === 'debian' || id === 'ubuntu')) return `${sudo}apt-get install nats-server`;
  if (ids.some((id) => id === 'fedora' || id === 'rhel' || id === 'centos')) return `${sudo}dnf install nats-server`;
  if (ids.includes('alpine')) return `${sudo}apk add nats-server`;
  return undefined;
}

/** The whole message: what is missing, how to install it here, and the alternative of a server of one's own. */
export function natsMissingMessage(host: NatsHost): string {
  const command = natsInstallCommand(host);
  const install = command ? `install it with\n\n    ${command}\n\n` : `download it from ${NATS_RELEASES_URL} and put it on PATH, `;
  return (
    'nats-server was not found on PATH or where packages put it. It is the one part of the embedded defaults npm does not install; ' +
    `${install}or set NATS_URL to a NATS server with JetStream.`
  );
}

/**
 * Where packages put nats-server outside an ordinary user's PATH: Debian's package installs it in
 * /usr/sbin, which a non-root Debian user's PATH leaves out, and Homebrew on Apple silicon in
 * /opt/homebrew/bin, which a shell without Homebrew's profile leaves out.
 */
const PACKAGE_DIRS = ['/usr/sbin', '/usr/local/sbin', '/opt/homebrew/bin'];

/** The nats-server binary on PATH, else where a package manager put it; undefined when there is none. */
export async function findNatsServer(path = process.env.PATH ?? ''): Promise<string | undefined> {
  for (const dir of [...path.split(delimiter), ...(process.platform === 'win32' ? [] : PACKAGE_DIRS)]) {
    if (!dir) continue;
    const candidate = join(dir, 'nats-server');
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

/** The facts natsMissingMessage chooses by, read from this machine. */
export async function thisHost(): Promise<NatsHost> {
  const osRelease = await readFile('/etc/os-release', 'utf8').catch(() => undefined);
  return { osRelease, platform: process.platform, root: process.getuid?.() === 0 };
}
