import { serviceEnv } from '@marketplace/service-kit';
import { hostname } from 'node:os';
import { Injectable } from '@nestjs/common';
import { getAnalyticsConfig, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';

/** Read from the environment at each request, so nothing is cached past a configuration change. */
@Injectable()
export class GetAnalyticsConfigHandler implements OperationHandler<typeof getAnalyticsConfig> {
  readonly operation = getAnalyticsConfig;

  async handle(): Promise<OutputOf<typeof getAnalyticsConfig>> {
    const projectToken = serviceEnv().ANALYTICS_PROJECT_TOKEN?.trim();
    const host = serviceEnv().ANALYTICS_HOST?.trim();
    if (!projectToken || !host) return null;
    return {
      projectToken, host,
      environment: serviceEnv().ANALYTICS_ENVIRONMENT?.trim() || serviceEnv().NODE_ENV || 'development',
      serverHostname: hostname(),
    };
  }
}
