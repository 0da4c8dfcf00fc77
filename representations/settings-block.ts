import { z } from './zod';

export const settingsBlockSchema = z
  .object({
    recording: z.object({
      enabled: z.boolean(),
      methods: z.object({
        bot: z.object({
          start: z.enum(['on_join', 'on_command']),
          mode: z.enum(['audio_and_video', 'audio_only']),
          silence_detection: z.object({ alert: z.boolean() }),
        }),
      }),
    }),
    transcription: z.object({ language: z.string() }),
    summary: z.object({ template: z.string(), language: z.string() }),
    branding: z.object({ brand_kit_id: z.string() }),
    sources: z.record(
      z.string(),
      z.object({ assignment_id: z.string().nullable(), reason: z.literal('service_default').optional() }),
    ),
    assignments: z.array(
      z.object({ id: z.string(), settings_id: z.string(), scope: z.array(z.string()), own: z.boolean() }),
    ),
  })
  .openapi('SettingsBlock');
