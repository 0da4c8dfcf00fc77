export * from './Account';
export * from './Workspace';
export * from './WorkspaceAccess';
export * from './Member';
export * from './Meeting';
export * from './Bot';
export * from './MeetingResult';
export * from './WebhookEvent';
export * from './WebhookEndpoint';
export * from './Settings';
export * from './CalendarConnection';
export * from './WorkflowCommand';
export * from './File';
export * from './BrandKit';

import { AccountSchema } from './Account';
import { WorkspaceSchema } from './Workspace';
import { WorkspaceAccessSchema } from './WorkspaceAccess';
import { MemberSchema } from './Member';
import { MeetingSchema } from './Meeting';
import { BotSchema } from './Bot';
import { MeetingResultSchema } from './MeetingResult';
import { WebhookEventSchema } from './WebhookEvent';
import { WebhookEndpointSchema } from './WebhookEndpoint';
import { SettingsSchema, SettingsAssignmentSchema, SummaryTemplateSchema } from './Settings';
import { CalendarConnectionSchema, ConnectLinkSchema } from './CalendarConnection';
import { WorkflowCommandSchema } from './WorkflowCommand';
import { FileSchema } from './File';
import { BrandKitSchema } from './BrandKit';

export const ENTITIES = [
  AccountSchema,
  WorkspaceSchema,
  WorkspaceAccessSchema,
  MemberSchema,
  MeetingSchema,
  BotSchema,
  MeetingResultSchema,
  WebhookEventSchema,
  WebhookEndpointSchema,
  SettingsSchema,
  SettingsAssignmentSchema,
  SummaryTemplateSchema,
  CalendarConnectionSchema,
  ConnectLinkSchema,
  WorkflowCommandSchema,
  FileSchema,
  BrandKitSchema,
];
