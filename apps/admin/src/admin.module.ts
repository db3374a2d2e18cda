import { Module } from '@nestjs/common';
import { handlersProvider } from '@marketplace/service-kit';
import { ListMyContentReportsHandler, ReportContentHandler } from './reports/content-reports.handlers.js';
import { ContactForHelpHandler, ReportProblemHandler, SubmitFeatureRequestHandler } from './reports/help.handlers.js';

/** Members asking for help and reporting (apps/admin/src/reports). */
const reportHandlers = [ContactForHelpHandler, ReportProblemHandler, SubmitFeatureRequestHandler, ReportContentHandler, ListMyContentReportsHandler];

/** Help, reports and (later) moderation and the staff console. */
@Module({ providers: [...reportHandlers, handlersProvider(...reportHandlers)] })
export class AdminModule {}
