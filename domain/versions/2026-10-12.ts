import type { ChangeModule } from './index';
import { camelCaseWithServerOffset } from './format';

/**
 * Release 2026-10-12 (spec: Versioning). Only what this service serves is rewritten here;
 * later issues add their resources (bots, calendar events, connect links, settings).
 */
export const release20261012: ChangeModule = {
  version: '2026-10-12',
  title: 'snake_case fields, flat metadata, one calendar event object, platform names, bots record meetings',
  changes: [
    'Workspaces (and the other listed objects) answer with snake_case names and ISO 8601 UTC timestamps with Z; earlier pins keep camelCase names and server-offset timestamps.',
    'Bot metadata is a flat string map with merge semantics on PATCH /bots/{id}.',
    'Connect links: email_match removed (422 if sent); member_data added.',
    'Settings drop transcription.model, transcription.glossary_ids, access, summary_email, storage, recording.methods.bot.silence_detection.automatic_leave and recording.methods.bot.join_at_scheduled_start.',
    'Platform names meet, zoom, teams.',
    'Bots carry meeting_id and flat recording fields; results are read from the meeting.',
  ],
  downgrade: {
    workspace: (w, ctx) => camelCaseWithServerOffset(w, ctx.serverOffsetMinutes),
  },
};
