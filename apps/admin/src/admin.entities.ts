import { HelpAndReports1795422355037 } from './migrations/1795422355037-help-and-reports.js';
import { Moderation1795430100000 } from './migrations/1795430100000-moderation.js';
import { McpToolUsage1796542140896 } from './migrations/1796542140896-mcp-tool-usage.js';
import { HelpReplies1796589800739 } from './migrations/1796589800739-help-replies.js';
import { AuditLogEntity } from './moderation/audit-log.entity.js';
import { ContentReportEntity, FeatureRequestEntity, HelpReplyEntity, HelpRequestEntity, ProblemReportEntity } from './reports/report.entities.js';
import { McpToolUsageEntity } from './usage/mcp-tool-usage.entity.js';

/** The admin tables; the shared outbox and processed-event tables are created by the service kit. */
export const adminEntities: Function[] = [
  HelpRequestEntity,
  HelpReplyEntity,
  ProblemReportEntity,
  FeatureRequestEntity,
  ContentReportEntity,
  AuditLogEntity,
  McpToolUsageEntity,
];
export const adminMigrations: Function[] = [HelpAndReports1795422355037, Moderation1795430100000, McpToolUsage1796542140896, HelpReplies1796589800739];
