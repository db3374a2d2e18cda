import { BUS_PRINCIPALS, type BusPrincipal } from '@marketplace/contracts';
import { generateBusCredentials, natsServerConfig, publicKeyOf } from '@marketplace/service-kit';

/**
 * `bus credentials`: a fresh set of bus keys for one deployment, as the Kubernetes Secret the chart
 * reads (values.bus.existingSecret) and the NATS server's `authorization` block, which holds only
 * public keys. Nothing is stored; run it again to rotate.
 */
export async function printBusCredentials(opts: { secret: string; namespace?: string }): Promise<string> {
  const creds = await generateBusCredentials();
  const publicKeys = Object.fromEntries(BUS_PRINCIPALS.map((p) => [p, publicKeyOf(creds.seeds[p])])) as Record<BusPrincipal, string>;
  const data: Record<string, string> = {
    ...Object.fromEntries(BUS_PRINCIPALS.map((p) => [`NATS_NKEY_SEED_${p.toUpperCase()}`, creds.seeds[p]])),
    BUS_CALLER_SIGNING_KEY: creds.callerSigningKey,
    BUS_CALLER_VERIFY_KEY: creds.callerVerifyKey,
  };
  const secret = [
    'apiVersion: v1',
    'kind: Secret',
    'metadata:',
    `  name: ${opts.secret}`,
    ...(opts.namespace ? [`  namespace: ${opts.namespace}`] : []),
    'type: Opaque',
    'stringData:',
    ...Object.entries(data).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`),
  ].join('\n');
  return (
    `# --- Kubernetes Secret (kubectl apply -f -) ---\n${secret}\n---\n` +
    `# --- NATS server configuration (include in nats.conf; public keys only) ---\n${natsServerConfig(publicKeys).replace(/^/gm, '# ')}`
  );
}
