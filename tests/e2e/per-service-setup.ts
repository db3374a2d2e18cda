import type { TestProject } from 'vitest/node';

import { startSystem } from './global-setup.js';

/** The e2e-per-service project's system: every service in its own process, as in a cluster. */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return startSystem(project, 'per-service');
}
