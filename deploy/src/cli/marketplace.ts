import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import {
  ACCESS_SETTING_KEYS,
  AppError,
  IDENTITY_CHECK_STATES,
  operatorCreateApiKey,
  operatorCreateMember,
  operatorRecordIdentityCheck,
  operatorSetSetting,
} from '@marketplace/contracts';
import { BusClient, connectNats } from '@marketplace/service-kit';

import { printBusCredentials } from './bus-credentials.command.js';
import { parseArgs } from './cli-args.js';

const USAGE = `Operator commands (they talk to the running system over NATS):
  npm run marketplace -- member create --email E --name N [--complete-profile] [--staff]
  npm run marketplace -- key create --email E [--name "Key name"] [--kind team|candidate]
  npm run marketplace -- identity record --member-id ID --status ${IDENTITY_CHECK_STATES.join('|')} [--verified-name N]
  npm run marketplace -- bus credentials [--secret marketplace-bus] [--namespace NS]
  npm run marketplace -- setting set --key ${ACCESS_SETTING_KEYS.join('|')} --value true|false|N|default

NATS_URL selects the bus; without it, the one started by \`npm start\` (.marketplace/runtime.json) is used.`;

/** Without NATS_URL, the bus `npm start` runs, with the operator key it left in .marketplace/runtime.json. */
function natsFromRuntime(): void {
  if (process.env.NATS_URL) return;
  const file = resolve(process.env.MARKETPLACE_DATA_DIR ?? '.marketplace', 'runtime.json');
  if (!existsSync(file)) return;
  const runtime = JSON.parse(readFileSync(file, 'utf8')) as { natsUrl: string; operatorNkeySeed?: string };
  process.env.NATS_URL = runtime.natsUrl;
  if (runtime.operatorNkeySeed) process.env.NATS_NKEY_SEED = runtime.operatorNkeySeed;
}

function need(flags: Record<string, string | true>, name: string): string {
  const v = flags[name];
  if (typeof v !== 'string' || !v) throw new Error(`--${name} is required.\n\n${USAGE}`);
  return v;
}

/** `default` removes the override, so the environment's value applies again. */
function settingValue(raw: string): boolean | number | null {
  if (raw === 'default') return null;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (/^\d+$/.test(raw)) return Number(raw);
  throw new Error(`--value must be true, false, a whole number or default.\n\n${USAGE}`);
}

async function main(): Promise<number> {
  const { words, flags } = parseArgs(process.argv.slice(2));
  const command = words.join(' ');
  if (command === 'bus credentials') {
    const secret = typeof flags.secret === 'string' ? flags.secret : 'marketplace-bus';
    process.stdout.write(await printBusCredentials({ secret, ...(typeof flags.namespace === 'string' ? { namespace: flags.namespace } : {}) }));
    return 0;
  }
  if (command !== 'member create' && command !== 'key create' && command !== 'setting set' && command !== 'identity record') {
    process.stderr.write(`${USAGE}\n`);
    return command === '' || flags.help ? 0 : 2;
  }
  natsFromRuntime();
  const nc = await connectNats('operator', { name: 'operator-cli' });
  const bus = new BusClient(nc, 15_000);
  const ctx = { requestId: randomUUID(), caller: null, surface: 'internal' as const };
  try {
    const result =
      command === 'identity record'
        ? await bus.call(
            operatorRecordIdentityCheck,
            {
              memberId: need(flags, 'member-id'),
              status: need(flags, 'status') as (typeof IDENTITY_CHECK_STATES)[number],
              ...(typeof flags['verified-name'] === 'string' ? { verifiedName: flags['verified-name'] } : {}),
            },
            ctx,
          )
        : command === 'setting set'
          ? await bus.call(
              operatorSetSetting,
              {
                key: need(flags, 'key') as (typeof ACCESS_SETTING_KEYS)[number],
                value: settingValue(need(flags, 'value')),
              },
              ctx,
            )
          : command === 'member create'
            ? await bus.call(
                operatorCreateMember,
                {
                  email: need(flags, 'email'),
                  name: need(flags, 'name'),
                  completeProfile: flags['complete-profile'] === true,
                  staff: flags.staff === true,
                },
                ctx,
              )
            : await bus.call(
                operatorCreateApiKey,
                {
                  email: need(flags, 'email'),
                  name: typeof flags.name === 'string' ? flags.name : 'Operator key',
                  ...(flags.kind === 'team' || flags.kind === 'candidate' ? { kind: flags.kind } : {}),
                },
                ctx,
              );
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (err) {
    const message =
      err instanceof AppError
        ? `${err.message}${err.extra.fields ? ` ${JSON.stringify(err.extra.fields)}` : ''}`
        : String(err instanceof Error ? err.message : err);
    process.stderr.write(`error: ${message}\n`);
    return 1;
  } finally {
    await nc.close();
  }
}

process.exitCode = await main();
