import {
  type CallerVia,
  type InputOf,
  listFeatureRequests,
  listHelpRequests,
  listProblemReports,
  type OutputOf,
  REPORT_LIST_LIMITS,
} from '@marketplace/contracts';
import { BusClient, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { forStaff, senderContacts } from '../help/help-request-view.js';
import { featureRequestsPage, helpRequestsPage, problemReportsPage } from './staff.queries.js';

/**
 * What members sent, newest first, for staff. Access `staff` is enforced by the kit before these
 * run; nothing here is filtered per caller, since every staff member sees every request. Help
 * requests name their sender and address (from identity), since staff answer them by email.
 */

interface SentRow {
  id: string;
  member_id: string;
  via: CallerVia;
  created_at: Date;
}

function pageArgs(input: { offset?: number; limit?: number }): [number, number] {
  return [input.offset ?? 0, input.limit ?? REPORT_LIST_LIMITS.defaultLimit];
}

const sender = (r: SentRow) => ({ id: r.id, memberId: r.member_id, via: r.via, createdAt: r.created_at.toISOString() });

@Injectable()
export class ListHelpRequestsHandler implements OperationHandler<typeof listHelpRequests> {
  readonly operation = listHelpRequests;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle(input: InputOf<typeof listHelpRequests>, ctx: HandlerContext): Promise<OutputOf<typeof listHelpRequests>> {
    // A suspended member can do little but wait, so their open appeals come before everything else.
    const page = await helpRequestsPage(this.ds, ...pageArgs(input));
    const contacts = await senderContacts(
      this.bus,
      page.rows.map((r) => r.member_id),
      ctx,
    );
    return { helpRequests: page.rows.map((r) => forStaff(r, contacts)), nextOffset: page.nextOffset };
  }
}

@Injectable()
export class ListProblemReportsHandler implements OperationHandler<typeof listProblemReports> {
  readonly operation = listProblemReports;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listProblemReports>): Promise<OutputOf<typeof listProblemReports>> {
    const page = await problemReportsPage(this.ds, ...pageArgs(input));
    return {
      problemReports: page.rows.map((r) => ({
        ...sender(r),
        channel: r.channel,
        appVersion: r.app_version,
        occurredAt: r.occurred_at.toISOString(),
        description: r.description,
      })),
      nextOffset: page.nextOffset,
    };
  }
}

@Injectable()
export class ListFeatureRequestsHandler implements OperationHandler<typeof listFeatureRequests> {
  readonly operation = listFeatureRequests;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listFeatureRequests>): Promise<OutputOf<typeof listFeatureRequests>> {
    const page = await featureRequestsPage(this.ds, ...pageArgs(input));
    return {
      featureRequests: page.rows.map((r) => ({ ...sender(r), title: r.title, description: r.description })),
      nextOffset: page.nextOffset,
    };
  }
}
