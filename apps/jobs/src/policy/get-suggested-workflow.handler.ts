import { getSuggestedWorkflow, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { publicUrl } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { SUGGESTED_WORKFLOW } from './suggested-workflow.md.js';

@Injectable()
export class GetSuggestedWorkflowHandler implements OperationHandler<typeof getSuggestedWorkflow> {
  readonly operation = getSuggestedWorkflow;

  async handle(): Promise<OutputOf<typeof getSuggestedWorkflow>> {
    const base = publicUrl();
    return { markdown: SUGGESTED_WORKFLOW, notificationSettings: `${base}/api/me/notification-preferences` };
  }
}
