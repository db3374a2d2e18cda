import { Module } from '@nestjs/common';
import { handlersProvider } from '@marketplace/service-kit';

/** Joins the bus, owns its schema and answers health; its operations arrive with their issues. */
@Module({ providers: [handlersProvider()] })
export class ApplicationsModule {}
