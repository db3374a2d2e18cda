import { Module } from '@nestjs/common';
import { handlersProvider } from '@marketplace/service-kit';
import { GetMemberActiveWorkHandler } from './member-record/get-member-active-work.handler.js';
import { GetMemberWorkRecordHandler } from './member-record/get-member-work-record.handler.js';

@Module({
  providers: [
    GetMemberWorkRecordHandler, GetMemberActiveWorkHandler,
    handlersProvider(GetMemberWorkRecordHandler, GetMemberActiveWorkHandler),
  ],
})
export class ApplicationsModule {}
