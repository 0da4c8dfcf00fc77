import type { OAuthProviderConfig } from '../../../runtime/config';
import type { CalendarProvider, CalendarTokens, ChangesPage } from './types';

/** SKELETON: being written (see the helper brief); every method throws until then. */
export class MicrosoftCalendarProvider implements CalendarProvider {
  constructor(private readonly config: OAuthProviderConfig) {}

  authorizeUrl(_input: { state: string; redirectUri: string; loginHint: string | null }): string {
    throw new Error(`MicrosoftCalendarProvider is not written yet (${this.config.apiUrl})`);
  }

  async exchangeCode(_input: { code: string; redirectUri: string }): Promise<{ tokens: CalendarTokens; accountEmail: string }> {
    throw new Error('MicrosoftCalendarProvider is not written yet');
  }

  async listChanges(_input: { tokens: CalendarTokens; cursor: string | null; pageToken: string | null }): Promise<ChangesPage> {
    throw new Error('MicrosoftCalendarProvider is not written yet');
  }
}
