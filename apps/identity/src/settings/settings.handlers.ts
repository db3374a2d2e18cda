import { getAccessSettings, type InputOf, operatorSetSetting, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { SettingsService } from './settings.service.js';

@Injectable()
export class GetAccessSettingsHandler implements OperationHandler<typeof getAccessSettings> {
  readonly operation = getAccessSettings;

  constructor(private readonly settings: SettingsService) {}

  async handle(): Promise<OutputOf<typeof getAccessSettings>> {
    const { inviteOnly, identityVerification, invitationsPerMember } = await this.settings.current();
    return { inviteOnly, identityVerification, invitationsPerMember };
  }
}

@Injectable()
export class OperatorSetSettingHandler implements OperationHandler<typeof operatorSetSetting> {
  readonly operation = operatorSetSetting;

  constructor(private readonly settings: SettingsService) {}

  async handle({ key, value }: InputOf<typeof operatorSetSetting>): Promise<OutputOf<typeof operatorSetSetting>> {
    const { inviteOnly, identityVerification, invitationsPerMember } = await this.settings.set(key, value);
    return { inviteOnly, identityVerification, invitationsPerMember };
  }
}
