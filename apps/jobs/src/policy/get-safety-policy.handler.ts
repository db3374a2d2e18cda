import { getSafetyPolicy, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { safetyPolicy } from './safety-policy.js';

@Injectable()
export class GetSafetyPolicyHandler implements OperationHandler<typeof getSafetyPolicy> {
  readonly operation = getSafetyPolicy;

  async handle(): Promise<OutputOf<typeof getSafetyPolicy>> {
    return safetyPolicy();
  }
}
