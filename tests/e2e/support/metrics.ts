import { expect, inject } from 'vitest';

/** Reading what Prometheus scrapes from one process of the running system. */

export async function scrape(app: string): Promise<string> {
  // Asked each time: a rolled process serves on a new port.
  const healthUrl = await (await fetch(`${inject('controlUrl')}/health-url/${app}`)).text();
  const res = await fetch(`${healthUrl}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one sample whose labels include all of `labels`; 0 when the series does not exist yet. */
export function sample(text: string, metric: string, labels: Record<string, string>): number {
  const line = text.split('\n').find((l) => l.startsWith(`${metric}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
