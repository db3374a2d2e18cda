import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  APPEAL_TOPIC, listFeatureRequests, listHelpRequests, listProblemReports, REPORT_LIST_LIMITS, type CallerVia, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import { BusClient, queryPage, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { forStaff, senderContacts, type HelpRow } from '../help/help-request-view.js';

/**
 * What members sent, newest first, for staff. Access `staff` is enforced by the kit before these
 * run; nothing here is filtered per caller, since every staff member sees every request. Help
 * requests name their sender and address (from identity), since staff answer them by email.
 */

interface SentRow { id: string; member_id: string; via: CallerVia; created_at: Date }

function pageArgs(input: { offset?: number; limit?: number }): [number, number] {
  return [input.offset ?? 0, input.limit ?? REPORT_LIST_LIMITS.defaultLimit];
}

const sender = (r: SentRow) => ({ id: r.id, memberId: r.member_id, via: r.via, createdAt: r.created_at.toISOString() });

@Injectable()
export class ListHelpRequestsHandler implements OperationHandler<typeof listHelpRequests> {
  readonly operation = listHelpRequests;

  constructor(private readonly ds: DataSource, private readonly bus: BusClient) {}

  async handle(input: InputOf<typeof listHelpRequests>, ctx: HandlerContext): Promise<OutputOf<typeof listHelpRequests>> {
    // A suspended member can do little but wait, so their open appeals come before everything else.
    const page = await queryPage<HelpRow>(this.ds,
      `SELECT * FROM help_requests ORDER BY (topic = '${APPEAL_TOPIC}' AND status = 'open') DESC, created_at DESC, id DESC`, [], ...pageArgs(input));
    const contacts = await senderContacts(this.bus, page.rows.map((r) => r.member_id), ctx);
    return { helpRequests: page.rows.map((r) => forStaff(r, contacts)), nextOffset: page.nextOffset };
  }
}

interface ProblemRow extends SentRow { channel: 'web' | 'rest' | 'mcp'; app_version: string | null; occurred_at: Date; description: string }

@Injectable()
export class ListProblemReportsHandler implements OperationHandler<typeof listProblemReports> {
  readonly operation = listProblemReports;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listProblemReports>): Promise<OutputOf<typeof listProblemReports>> {
    const page = await queryPage<ProblemRow>(this.ds, 'SELECT * FROM problem_reports ORDER BY created_at DESC, id DESC', [], ...pageArgs(input));
    return {
      problemReports: page.rows.map((r) => ({
        ...sender(r), channel: r.channel, appVersion: r.app_version, occurredAt: r.occurred_at.toISOString(), description: r.description,
      })),
      nextOffset: page.nextOffset,
    };
  }
}

interface FeatureRow extends SentRow { title: string; description: string }

@Injectable()
export class ListFeatureRequestsHandler implements OperationHandler<typeof listFeatureRequests> {
  readonly operation = listFeatureRequests;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listFeatureRequests>): Promise<OutputOf<typeof listFeatureRequests>> {
    const page = await queryPage<FeatureRow>(this.ds, 'SELECT * FROM feature_requests ORDER BY created_at DESC, id DESC', [], ...pageArgs(input));
    return {
      featureRequests: page.rows.map((r) => ({ ...sender(r), title: r.title, description: r.description })),
      nextOffset: page.nextOffset,
    };
  }
}
