import { hostname } from 'node:os';

import { getAnalyticsConfig, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { processSettings } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { identitySettings } from '../identity.settings.js';

/** From identity's declared settings (read at its start). */
@Injectable()
export class GetAnalyticsConfigHandler implements OperationHandler<typeof getAnalyticsConfig> {
  readonly operation = getAnalyticsConfig;

  async handle(): Promise<OutputOf<typeof getAnalyticsConfig>> {
    const { analyticsProjectToken: projectToken, analyticsHost: host, analyticsEnvironment } = identitySettings();
    if (!projectToken || !host) return null;
    return {
      projectToken,
      host,
      environment: analyticsEnvironment ?? processSettings().nodeEnv,
      serverHostname: hostname(),
    };
  }
}
