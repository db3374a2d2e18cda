import { Module } from '@nestjs/common';
import { consumersProvider, handlersProvider } from '@marketplace/service-kit';
import { MemberDeletedAdminConsumer } from './account/member-deleted.consumer.js';
import { ListAuditLogHandler, WaitlistInvitedAuditConsumer } from './moderation/audit-log.js';
import {
  ContentModeration, DecideContentReportHandler, ListContentReportsHandler, RestoreContentHandler,
} from './moderation/moderation.handlers.js';
import { ListMyContentReportsHandler, ReportContentHandler } from './reports/content-reports.handlers.js';
import { ListFeatureRequestsHandler, ListHelpRequestsHandler, ListProblemReportsHandler } from './staff/staff-lists.handlers.js';
import { ContactForHelpHandler, ReportProblemHandler, SubmitFeatureRequestHandler } from './reports/help.handlers.js';

/** Members asking for help and reporting (apps/admin/src/reports). */
const reportHandlers = [ContactForHelpHandler, ReportProblemHandler, SubmitFeatureRequestHandler, ReportContentHandler, ListMyContentReportsHandler];

/** What staff read and decide (apps/admin/src/staff). */
const staffHandlers = [
  ListHelpRequestsHandler, ListProblemReportsHandler, ListFeatureRequestsHandler,
  ListContentReportsHandler, DecideContentReportHandler, RestoreContentHandler, ListAuditLogHandler,
];
const consumers = [WaitlistInvitedAuditConsumer, MemberDeletedAdminConsumer];

/** Help, reports, and the staff side of them. */
@Module({
  providers: [
    ContentModeration, ...reportHandlers, ...staffHandlers, ...consumers,
    handlersProvider(...reportHandlers, ...staffHandlers), consumersProvider(...consumers),
  ],
})
export class AdminModule {}
