import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** Custom search attributes operators filter on in the Temporal UI. */
export const WorkspaceIdKey = defineSearchAttributeKey('WorkspaceId', SearchAttributeType.KEYWORD);
export const MeetingIdKey = defineSearchAttributeKey('MeetingId', SearchAttributeType.KEYWORD);
export const BotStatusKey = defineSearchAttributeKey('BotStatus', SearchAttributeType.KEYWORD);

export const SEARCH_ATTRIBUTES = [WorkspaceIdKey, MeetingIdKey, BotStatusKey];
