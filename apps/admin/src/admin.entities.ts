import { HelpAndReports1795422355037 } from './migrations/1795422355037-help-and-reports.js';
import { ContentReportEntity, FeatureRequestEntity, HelpRequestEntity, ProblemReportEntity } from './reports/report.entities.js';

/** The admin tables; the shared outbox and processed-event tables are created by the service kit. */
export const adminEntities: Function[] = [HelpRequestEntity, ProblemReportEntity, FeatureRequestEntity, ContentReportEntity];
export const adminMigrations: Function[] = [HelpAndReports1795422355037];
