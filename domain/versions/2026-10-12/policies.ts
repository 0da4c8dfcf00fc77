import type { ChangeModule } from '../types';

/**
 * Release 2026-10-12 for policies (settings), members, calendar connections and connect links:
 * the removed policy fields, the older `recording.methods.bot.start` values, `policy` on members,
 * `method` on connections, `email_match` on connect links.
 */
export const policies: Pick<ChangeModule, 'downgrade' | 'upgrade'> & { changes: string[] } = {
  changes: [
    'Connect links: email_match removed (422 if sent); member_data added; member_id added to the return query string. Earlier pins keep email_match (default exact).',
    'Policies: workspace, member and meeting policies drop transcription.model, transcription.glossary_ids, access, summary_email, storage, recording.methods.bot.silence_detection.automatic_leave and recording.methods.bot.join_at_scheduled_start (writes naming them answer 422 unknown_field); recording.methods.bot.start reads only on_join or on_command. Members no longer carry policy. Calendar connections no longer carry method.',
  ],
  downgrade: {},
  upgrade: {},
};
