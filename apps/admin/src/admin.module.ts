import { consumersProvider, handlersProvider, periodicTasksProvider } from '@marketplace/service-kit';
import { Module } from '@nestjs/common';

import { MemberDeletedAdminConsumer } from './account/member-deleted.consumer.js';
import { GetHelpRequestHandler, ReplyToHelpRequestHandler, SetHelpRequestStatusHandler } from './help/help-desk.handlers.js';
import { GetHelpReplyForAlertHandler, ListMyHelpRequestsHandler } from './help/my-help-requests.handlers.js';
import { ListAuditLogHandler, MemberReinstatedAuditConsumer, MemberSuspendedAuditConsumer, WaitlistInvitedAuditConsumer } from './moderation/audit-log.js';
import { ContentModeration, DecideContentReportHandler, ListContentReportsHandler, RestoreContentHandler } from './moderation/moderation.handlers.js';
import { ListMyContentReportsHandler, ReportContentHandler } from './reports/content-reports.handlers.js';
import { ContactForHelpHandler, ReportProblemHandler, SubmitFeatureRequestHandler } from './reports/help.handlers.js';
import { ListFeatureRequestsHandler, ListHelpRequestsHandler, ListProblemReportsHandler } from './staff/staff-lists.handlers.js';
import { GetMcpToolUsageHandler } from './usage/get-mcp-tool-usage.handler.js';
import { McpUsagePruner } from './usage/mcp-usage-pruner.js';
import { RecordMcpToolCallsHandler } from './usage/record-mcp-tool-calls.handler.js';

/** Members asking for help and reporting (apps/admin/src/reports). */
const reportHandlers = [
  ContactForHelpHandler,
  ReportProblemHandler,
  SubmitFeatureRequestHandler,
  ReportContentHandler,
  ListMyContentReportsHandler,
  ListMyHelpRequestsHandler,
  GetHelpReplyForAlertHandler,
];

/** What staff read and decide (apps/admin/src/staff). */
const staffHandlers = [
  ListHelpRequestsHandler,
  GetHelpRequestHandler,
  ReplyToHelpRequestHandler,
  SetHelpRequestStatusHandler,
  ListProblemReportsHandler,
  ListFeatureRequestsHandler,
  ListContentReportsHandler,
  DecideContentReportHandler,
  RestoreContentHandler,
  ListAuditLogHandler,
  GetMcpToolUsageHandler,
];
/** MCP tool calls counted for staff (apps/admin/src/usage): the gateway's batches in, old days pruned. */
const usageHandlers = [RecordMcpToolCallsHandler];
const periodicTasks = [McpUsagePruner];
const consumers = [WaitlistInvitedAuditConsumer, MemberSuspendedAuditConsumer, MemberReinstatedAuditConsumer, MemberDeletedAdminConsumer];

/** Help, reports, the staff side of them, and the MCP tool-call counts staff read. */
@Module({
  providers: [
    ContentModeration,
    ...reportHandlers,
    ...staffHandlers,
    ...usageHandlers,
    ...consumers,
    ...periodicTasks,
    handlersProvider(...reportHandlers, ...staffHandlers, ...usageHandlers),
    consumersProvider(...consumers),
    periodicTasksProvider(...periodicTasks),
  ],
})
export class AdminModule {}
