import { getSearchMode, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { configuredEmbeddingProvider } from './embedding-provider.js';

@Injectable()
export class GetSearchModeHandler implements OperationHandler<typeof getSearchMode> {
  readonly operation = getSearchMode;
  private readonly mode = configuredEmbeddingProvider() ? ('hybrid' as const) : ('keyword' as const);

  handle(): Promise<OutputOf<typeof getSearchMode>> {
    return Promise.resolve({ mode: this.mode });
  }
}
