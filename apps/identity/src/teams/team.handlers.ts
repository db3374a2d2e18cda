import { randomUUID } from 'node:crypto';

import { AppError, createTeam, getTeam, getTeamMembership, type InputOf, type OutputOf, teamRenamedV1, updateTeam } from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { membershipOf, requireManager, requireMembership, teamView } from './team-view.js';
import { insertTeam, joinTeam, renameTeam } from './teams.queries.js';

@Injectable()
export class GetTeamHandler implements OperationHandler<typeof getTeam> {
  readonly operation = getTeam;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle(_input: InputOf<typeof getTeam>, ctx: HandlerContext): Promise<OutputOf<typeof getTeam>> {
    const membership = await requireMembership(this.ds.manager, callerOf(ctx).memberId);
    return teamView(this.ds.manager, this.bus, ctx, membership);
  }
}

@Injectable()
export class CreateTeamHandler implements OperationHandler<typeof createTeam> {
  readonly operation = createTeam;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle({ name }: InputOf<typeof createTeam>, ctx: HandlerContext): Promise<OutputOf<typeof createTeam>> {
    const caller = callerOf(ctx);
    const teamId = randomUUID();
    await this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().teamChanges, caller.memberId);
      await insertTeam(em, teamId, name);
      // The member's primary key settles two concurrent creations: the second finds the member taken.
      if (!(await joinTeam(em, caller.memberId, teamId, 'owner'))) throw AppError.conflict('You are already on a team.');
    });
    return teamView(this.ds.manager, this.bus, ctx, { teamId, teamName: name, role: 'owner' });
  }
}

@Injectable()
export class UpdateTeamHandler implements OperationHandler<typeof updateTeam> {
  readonly operation = updateTeam;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle({ name }: InputOf<typeof updateTeam>, ctx: HandlerContext): Promise<OutputOf<typeof updateTeam>> {
    const membership = await requireMembership(this.ds.manager, callerOf(ctx).memberId);
    requireManager(membership);
    await this.uow.run(async (em) => {
      await countAttempt(em, limitBuckets().teamChanges, callerOf(ctx).memberId);
      await renameTeam(em, membership.teamId, name);
      await recordEvent(em, teamRenamedV1, { teamId: membership.teamId, name, renamedAt: new Date().toISOString() });
    });
    return teamView(this.ds.manager, this.bus, ctx, { ...membership, teamName: name });
  }
}

@Injectable()
export class GetTeamMembershipHandler implements OperationHandler<typeof getTeamMembership> {
  readonly operation = getTeamMembership;

  constructor(private readonly ds: DataSource) {}

  async handle({ memberId }: InputOf<typeof getTeamMembership>): Promise<OutputOf<typeof getTeamMembership>> {
    return { membership: await membershipOf(this.ds.manager, memberId) };
  }
}
