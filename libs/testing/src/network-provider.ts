import { createServer } from 'node:http';

export const NETWORK_HOST = 'network.example';

export const networkUrlOf = (slug: string) => `https://${NETWORK_HOST}/in/${slug}`;

/** Public profiles the test provider knows, by slug. Slug `broken` answers 500. */
export const NETWORK_FIXTURES: Record<string, Record<string, unknown>> = {
  'nia-network': {
    name: 'Nia Network',
    headline: 'Data engineer at Example Co',
    about: 'I build pipelines.',
    skills: ['SQL', 'Airflow', 'sql', 'Python'],
    city: 'Boise',
    state: 'ID',
    website: 'https://nia.example.com',
    resume: '# Nia Network\n\n## Experience\n- Data engineer',
    location: 'Boise, Idaho',
    photoUrl: null,
  },
  'nia-network-2': { name: 'Nia Network', headline: 'Student', location: 'Reno, Nevada', city: 'Reno', state: 'NV' },
  'nia-networking': { name: 'Nia Networking', headline: 'Events', location: null },
  'cy-nocity': { name: 'Cy Nocity', headline: 'Remote writer', about: 'Words.', website: 'http://insecure.example.com', resume: 'Writer.' },
};

/**
 * The network profile provider protocol (see the identity service's NetworkProvider), served
 * from fixtures so tests can run the import and sign-up steps against a real HTTP dependency.
 */
export async function startNetworkProvider(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (url.pathname === '/search') {
      const name = (url.searchParams.get('name') ?? '').toLowerCase();
      const profiles = Object.entries(NETWORK_FIXTURES)
        .filter(([, p]) => String(p.name).toLowerCase().includes(name) && name.length > 0)
        .map(([slug, p]) => ({ url: networkUrlOf(slug), name: p.name, headline: p.headline ?? null, location: p.location ?? null }));
      return send(200, { profiles });
    }
    if (url.pathname === '/profile') {
      const link = url.searchParams.get('url') ?? '';
      const slug = link.startsWith(`https://${NETWORK_HOST}/in/`) ? link.slice(`https://${NETWORK_HOST}/in/`.length) : '';
      if (slug === 'broken') return send(500, { error: 'down' });
      const profile = NETWORK_FIXTURES[slug];
      return profile ? send(200, { url: link, ...profile }) : send(404, { error: 'not found' });
    }
    return send(404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
