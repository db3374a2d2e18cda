import { AppError, type InputOf, type OutputOf, previewNetworkImport } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { loadOwnAccount } from '../profile/me.mapper.js';
import { importedValues } from './network-import-values.js';
import { NetworkProvider } from './network-provider.js';

/**
 * What importing a network profile would save, so a person can read it before confirming. It is
 * a lookup like find_my_network_profile and counts against the same limit; nothing is written.
 */
@Injectable()
export class PreviewNetworkImportHandler implements OperationHandler<typeof previewNetworkImport> {
  readonly operation = previewNetworkImport;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly provider: NetworkProvider,
  ) {}

  async handle(input: InputOf<typeof previewNetworkImport>, ctx: HandlerContext): Promise<OutputOf<typeof previewNetworkImport>> {
    const memberId = callerOf(ctx).memberId;
    const profile = await this.uow.run(async (em) => {
      const { profile } = await loadOwnAccount(em, memberId);
      await countAttempt(em, limitBuckets().networkLookups, memberId);
      return profile;
    });
    const imported = await this.provider.profile(input.networkUrl);
    if (!imported) throw AppError.notFound('No public network profile at this link.');
    const values = importedValues(imported);
    const needs: OutputOf<typeof previewNetworkImport>['needs'] = [];
    if ((profile?.usWorkAuthorized ?? null) === null) needs.push('usWorkAuthorized');
    if (!values.city) needs.push('city');
    if (!values.state) needs.push('state');
    return { networkUrl: input.networkUrl, ...values, needs };
  }
}
