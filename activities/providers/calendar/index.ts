import type { Orm } from '../../../db/orm';
import type { CalendarProviderName } from '../../../db/entities';
import type { Config } from '../../../runtime/config';
import { GoogleCalendarProvider } from './google';
import { MicrosoftCalendarProvider } from './microsoft';
import { SimulatedCalendarProvider } from './simulated';
import type { CalendarProvider } from './types';

export type CalendarProviders = Record<CalendarProviderName, CalendarProvider>;

/** The address hosted pages live under: APP_URL, else the API's own origin. */
export function appUrlOf(config: Config, apiBaseUrl: () => string): () => string {
  return () => config.appUrl ?? apiBaseUrl().replace(/\/api\/v1\/?$/, '');
}

/** Google and Microsoft when their OAuth clients are configured; the simulated calendar otherwise. */
export function createCalendarProviders(config: Config, orm: Orm, appUrl: () => string): CalendarProviders {
  const simulated = new SimulatedCalendarProvider(orm, appUrl);
  const { google, microsoft } = config.calendars;
  return {
    google: google ? new GoogleCalendarProvider(google) : simulated,
    microsoft: microsoft ? new MicrosoftCalendarProvider(microsoft) : simulated,
  };
}
