import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { mapGoogleEvent } from '../../activities/providers/calendar/google';
import { mapGraphEvent } from '../../activities/providers/calendar/microsoft';
import { CALENDAR_TEXT_LIMITS, capText, linkInText } from '../../domain/meetings/links';

describe('links in calendar text', () => {
  it('When a location holds a link among other words, then the link is found without trailing punctuation', () => {
    assert.equal(linkInText('Zoom: https://acme.zoom.us/j/123?pwd=x, room 4'), 'https://acme.zoom.us/j/123?pwd=x');
    assert.equal(linkInText('(https://meet.google.com/abc-defg-hij).'), 'https://meet.google.com/abc-defg-hij');
    assert.equal(
      linkInText('HTTPS://Teams.Microsoft.com/l/meetup-join/x!'),
      'HTTPS://Teams.Microsoft.com/l/meetup-join/x',
    );
    assert.equal(linkInText('Room 4, no link'), null);
    assert.equal(linkInText('https://'), null);
    assert.equal(linkInText(null), null);
  });

  it('When the text is hostile (100,000 characters of dots, schemes or one endless link), then the answer is correct and bounded', () => {
    const n = 100_000;
    assert.equal(linkInText(`https://a${'.'.repeat(n)}`), 'https://a');
    assert.equal(
      linkInText('https://'.repeat(n / 8)),
      'https://'.repeat(n / 8).slice(0, CALENDAR_TEXT_LIMITS.link),
      'one run of schemes is one (capped) link',
    );
    assert.equal(linkInText('h'.repeat(n)), null);
    assert.equal(
      linkInText(`${'x '.repeat(n)}https://late.example.com/j/1`),
      null,
      'a link past the location limit is not read',
    );
    const endless = linkInText(`https://zoom.us/j/${'1'.repeat(n)}`)!;
    assert.ok(endless.length <= CALENDAR_TEXT_LIMITS.link, String(endless.length));
  });

  it('When a synced event has a huge title or location, NUL characters or an unpaired surrogate, then what is stored is capped and storable', () => {
    const google = mapGoogleEvent({
      id: 'g1',
      summary: `T${'i'.repeat(50_000)}`,
      location: `Call https://meet.google.com/abc-defg-hij ${'.'.repeat(50_000)}`,
      start: { dateTime: '2030-01-01T10:00:00Z' },
      end: { dateTime: '2030-01-01T11:00:00Z' },
    } as never);
    assert.equal(google.title!.length, CALENDAR_TEXT_LIMITS.title);
    assert.equal(google.meetingUrl, 'https://meet.google.com/abc-defg-hij');
    const graph = mapGraphEvent({
      id: 'm1',
      subject: 'a\u0000b\ud800c',
      location: { displayName: 'x'.repeat(60_000) },
      start: { dateTime: '2030-01-01T10:00:00' },
      end: { dateTime: '2030-01-01T11:00:00' },
    } as never);
    assert.equal(graph.title, 'ab\ufffdc');
    assert.equal(graph.meetingUrl, null);
    assert.equal(capText('😀😀', 3), '😀', 'a pair is never split');
  });
});
