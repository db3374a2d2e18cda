import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One host of the cluster: a network namespace with one address on the cluster's bridge. */
export interface ClusterHost {
  /** 1, 2, 3 */
  index: number;
  /** h1, h2, h3: how logs and the report name it. */
  name: string;
  namespace: string;
  address: string;
  /** The bridge's end of the host's cable; taking it down cuts the host off. */
  link: string;
}

export interface ClusterNetwork {
  hosts: ClusterHost[];
  /** The bridge's own address, in this (the launcher's) namespace: the load balancer and mail listen here. */
  bridgeAddress: string;
  subnet: string;
  /** The bridge device, in this namespace. */
  bridge: string;
  /** Takes the host's cable down (`up` false) or up again. */
  setLink(host: ClusterHost, up: boolean): Promise<void>;
  remove(): Promise<void>;
}

async function ip(...args: string[]): Promise<void> {
  await run('ip', args);
}

/**
 * Namespaces mkc-<run>-h1… on one bridge, 10.77.<run>.0/24, each reached from here through the
 * bridge's own address (.254). The run number keeps two clusters on one machine apart.
 */
export async function createClusterNetwork(opts: { hosts: number; run: number }): Promise<ClusterNetwork> {
  if (process.getuid?.() !== 0) throw new Error('npm run cluster makes network namespaces, which needs root');
  const octet = opts.run % 250;
  const bridge = `mkc${opts.run}br`;
  const subnet = `10.77.${octet}.0/24`;
  const bridgeAddress = `10.77.${octet}.254`;
  const hosts: ClusterHost[] = Array.from({ length: opts.hosts }, (_, i) => ({
    index: i + 1,
    name: `h${i + 1}`,
    namespace: `mkc-${opts.run}-h${i + 1}`,
    address: `10.77.${octet}.${i + 1}`,
    link: `mkc${opts.run}h${i + 1}`,
  }));
  const made: Array<() => Promise<void>> = [];
  const remove = async () => {
    for (const undo of made.reverse()) await undo().catch(() => undefined);
    made.length = 0;
  };
  try {
    await ip('link', 'add', bridge, 'type', 'bridge');
    made.push(() => ip('link', 'del', bridge));
    await ip('addr', 'add', `${bridgeAddress}/24`, 'dev', bridge);
    await ip('link', 'set', bridge, 'up');
    for (const host of hosts) {
      await ip('netns', 'add', host.namespace);
      made.push(() => ip('netns', 'del', host.namespace));
      await ip('link', 'add', host.link, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', host.namespace);
      made.push(() => ip('link', 'del', host.link));
      await ip('link', 'set', host.link, 'master', bridge);
      await ip('link', 'set', host.link, 'up');
      const inside = (...args: string[]) => ip('netns', 'exec', host.namespace, 'ip', ...args);
      await inside('link', 'set', 'lo', 'up');
      await inside('addr', 'add', `${host.address}/24`, 'dev', 'eth0');
      await inside('link', 'set', 'eth0', 'up');
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return {
    hosts,
    bridgeAddress,
    subnet,
    bridge,
    remove,
    setLink: (host, up) => ip('link', 'set', host.link, up ? 'up' : 'down'),
  };
}
