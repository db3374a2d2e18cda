import { z } from 'zod';
import { defineOperation } from '../operation.js';

/**
 * Product analytics settings a browser needs to send events (contract: "Health and meta"). Only
 * public values: a project token meant for browsers, never a secret. Null unless
 * ANALYTICS_PROJECT_TOKEN and ANALYTICS_HOST are both set.
 */
export const getAnalyticsConfig = defineOperation({
  name: 'getAnalyticsConfig',
  service: 'identity',
  summary: 'Public analytics settings, or null when analytics is disabled',
  access: 'public',
  input: z.object({}),
  output: z.object({
    projectToken: z.string().describe('Public project token (ANALYTICS_PROJECT_TOKEN)'),
    host: z.string().describe('Ingestion host (ANALYTICS_HOST)'),
    environment: z.string().describe('ANALYTICS_ENVIRONMENT, else NODE_ENV, else development'),
    serverHostname: z.string().describe('Host name of the server that answered'),
  }).nullable(),
  rest: { method: 'GET', path: '/api/analytics/config', status: 200 },
});

export const analyticsOperations = [getAnalyticsConfig] as const;
