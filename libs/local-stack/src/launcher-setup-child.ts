import { BUS_PRINCIPALS, type BusPrincipal } from '@marketplace/contracts';
import { busEnv, generateBusCredentials, natsServerConfig, publicKeyOf } from '@marketplace/service-kit/bus-credentials';

import type { LauncherSetup } from './launcher-setup.js';

// Run by launcher-setup.ts as a process of its own: it loads the operation catalogue (the bus
// permissions are derived from it) and the kit's bus code, prints what the launcher needs, and exits.

const credentials = await generateBusCredentials();
const publicKeys = Object.fromEntries(BUS_PRINCIPALS.map((p) => [p, publicKeyOf(credentials.seeds[p])])) as Record<BusPrincipal, string>;
const setup: LauncherSetup = {
  credentials,
  natsConfig: natsServerConfig(publicKeys),
  busEnv: Object.fromEntries(BUS_PRINCIPALS.map((p) => [p, busEnv(credentials, p)])) as Record<BusPrincipal, Record<string, string>>,
};
process.stdout.write(JSON.stringify(setup));
