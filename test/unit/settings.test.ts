import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import fc from 'fast-check';
import {
  applyWrite,
  canonicalScope,
  CATEGORIES,
  getPath,
  INHERIT,
  meetingCategories,
  nestedValues,
  parseScope,
  reaches,
  readSettingsWrite,
  REMOVED_PATHS,
  resolve,
  SERVICE_DEFAULTS,
  SETTING_PATHS,
  walkOrder,
  type ReachingAssignment,
  type Scope,
  type SettingPath,
  type SettingValues,
  type Target,
} from '../../domain/settings';

// ---------------------------------------------------------------------------------------------
// A small, consistent world: ids look like the service's (`<prefix>_` + 26 chars of [0-9a-z]).
// Account A owns workspaces A and B, account B owns workspace C. Members and meetings belong to
// one workspace each.
// ---------------------------------------------------------------------------------------------

const STEM = '01jc8w3k5v9x2m4n6p';
/** A realistic id whose tail orders like `n` (so a greater `n` is a greater id). */
const id = (prefix: string, n: number) => `${prefix}_${STEM}${n.toString(36).padStart(8, '0')}`;

const ACC_A = id('acc', 1);
const ACC_B = id('acc', 2);
const WKS_A = id('wks', 1);
const WKS_B = id('wks', 2);
const WKS_C = id('wks', 3);
const MEM_A = id('mem', 1);
const MEM_B = id('mem', 2);
const MEM_C = id('mem', 3);
const MEM_D = id('mem', 4);
const MTG_A = id('mtg', 1);
const MTG_B = id('mtg', 2);
const MTG_C = id('mtg', 3);
const MTG_D = id('mtg', 4);
const TPL = id('tpl', 7);
const UID_1 = '7f3c9a2e1b4d4e8f9a0c5d6e7f8a9b0c@google.com';
const UID_2 = '040000008200E00074C5B7101A82E00800000000D0B1F2A3@outlook.com';

const WORLD = [
  { workspaceId: WKS_A, accountId: ACC_A, members: [MEM_A, MEM_B], meetings: [MTG_A, MTG_B] },
  { workspaceId: WKS_B, accountId: ACC_A, members: [MEM_C], meetings: [MTG_C] },
  { workspaceId: WKS_C, accountId: ACC_B, members: [MEM_D], meetings: [MTG_D] },
];

const CREATED = new Date('2026-11-01T09:00:00Z');

type MeetingTarget = Extract<Target, { kind: 'meeting' }>;
const workspaceTarget: Target = { kind: 'workspace', workspaceId: WKS_A, accountId: ACC_A };
const memberTarget: Target = { kind: 'member', workspaceId: WKS_A, accountId: ACC_A, memberId: MEM_A };
function meetingTarget(over: Partial<MeetingTarget> = {}): MeetingTarget {
  return {
    kind: 'meeting',
    workspaceId: WKS_A,
    accountId: ACC_A,
    memberId: MEM_A,
    meetingId: MTG_A,
    icalUid: UID_1,
    startsAt: new Date('2026-12-01T15:00:00Z'),
    categories: [],
    ...over,
  };
}

function scopeOf(conditions: string[]): Scope {
  const { scope, issues } = parseScope(conditions);
  assert.deepEqual(issues, [], `expected ${JSON.stringify(conditions)} to parse`);
  assert.ok(scope);
  return scope;
}

let seq = 1000;
function asg(
  conditions: string[],
  values: SettingValues = { 'recording.enabled': false },
  opts: { n?: number; createdAt?: Date; own?: boolean } = {},
): ReachingAssignment {
  const scope = scopeOf(conditions);
  const n = opts.n ?? ++seq;
  return {
    id: id('asg', n),
    settingsId: id('set', n),
    conditions: canonicalScope(scope),
    scope,
    own: opts.own ?? false,
    createdAt: opts.createdAt ?? CREATED,
    values,
  };
}

const SERVICE_DEFAULT = { assignment_id: null, reason: 'service_default' } as const;

/** Checks one assignment against targets, through `reaches` and through what `resolve` shows. */
function expectReach(a: ReachingAssignment, cases: [label: string, target: Target, reached: boolean][]): void {
  assert.deepEqual(
    a.values,
    { 'recording.enabled': false },
    'helper expects the assignment to set recording.enabled to false',
  );
  for (const [label, target, reached] of cases) {
    assert.equal(reaches(a, target), reached, `reaches: ${label}`);
    const block = resolve(target, [a]);
    assert.equal(block.recording.enabled, !reached, `value: ${label}`);
    assert.deepEqual(
      block.sources['recording.enabled'],
      reached ? { assignment_id: a.id } : SERVICE_DEFAULT,
      `source: ${label}`,
    );
    assert.deepEqual(
      block.assignments.map((x) => x.id),
      reached ? [a.id] : [],
      `assignments: ${label}`,
    );
  }
}

/** The scope's issues as code and field, after checking it was refused and every message names its field. */
function refusal(input: unknown, field?: string): { code: string; field?: string }[] {
  const { scope, issues } = field === undefined ? parseScope(input) : parseScope(input, field);
  assert.equal(scope, null, `expected ${JSON.stringify(input)} to be refused`);
  assert.ok(issues.length > 0);
  for (const i of issues) assert.ok(i.field && i.message.includes(i.field), `message "${i.message}" names ${i.field}`);
  return issues.map(({ code, field }) => ({ code, field }));
}

// ---------------------------------------------------------------------------------------------
// Scope grammar
// ---------------------------------------------------------------------------------------------

describe('settings scope: accepted conditions', () => {
  it('When a scope is accounts:acc_…, then it is anchored on the account and names nothing else', () => {
    assert.deepEqual(scopeOf([`accounts:${ACC_A}`]), {
      anchor: { kind: 'account', id: ACC_A },
      meetingId: null,
      series: null,
      categories: [],
    });
  });

  it('When a scope is workspaces:wks_…, then it is anchored on the workspace', () => {
    assert.deepEqual(scopeOf([`workspaces:${WKS_A}`]), {
      anchor: { kind: 'workspace', id: WKS_A },
      meetingId: null,
      series: null,
      categories: [],
    });
  });

  it('When a scope is members:mem_…, then it is anchored on the member', () => {
    assert.deepEqual(scopeOf([`members:${MEM_A}`]), {
      anchor: { kind: 'member', id: MEM_A },
      meetingId: null,
      series: null,
      categories: [],
    });
  });

  it('When a scope names meetings:mtg_… with its workspace, then it keeps both', () => {
    assert.deepEqual(scopeOf([`workspaces:${WKS_A}`, `meetings:${MTG_A}`]), {
      anchor: { kind: 'workspace', id: WKS_A },
      meetingId: MTG_A,
      series: null,
      categories: [],
    });
  });

  it('When a scope names only meetings:mtg_…, then it is accepted without an anchor (the meeting implies its workspace)', () => {
    assert.deepEqual(scopeOf([`meetings:${MTG_A}`]), { anchor: null, meetingId: MTG_A, series: null, categories: [] });
  });

  for (const category of CATEGORIES) {
    it(`When a scope names meetings:${category} with a workspace or a member, then the category is kept`, () => {
      assert.deepEqual(scopeOf([`workspaces:${WKS_A}`, `meetings:${category}`]), {
        anchor: { kind: 'workspace', id: WKS_A },
        meetingId: null,
        series: null,
        categories: [category],
      });
      assert.deepEqual(scopeOf([`meetings:${category}`, `members:${MEM_A}`]), {
        anchor: { kind: 'member', id: MEM_A },
        meetingId: null,
        series: null,
        categories: [category],
      });
    });
  }

  it('When a scope names calendar_event_series:<uid>, then the iCalendar UID is kept as written', () => {
    assert.deepEqual(scopeOf([`members:${MEM_A}`, `calendar_event_series:${UID_2}`]), {
      anchor: { kind: 'member', id: MEM_A },
      meetingId: null,
      series: UID_2,
      categories: [],
    });
    assert.equal(scopeOf([`workspaces:${WKS_A}`, `calendar_event_series:${UID_1}`, 'meetings:external']).series, UID_1);
  });

  it('When a scope combines a member, a series and several categories, then every condition is kept', () => {
    const scope = scopeOf([
      'meetings:external',
      `calendar_event_series:${UID_1}`,
      `members:${MEM_B}`,
      'meetings:organized',
    ]);
    assert.deepEqual(scope.anchor, { kind: 'member', id: MEM_B });
    assert.equal(scope.series, UID_1);
    assert.deepEqual([...scope.categories].sort(), ['external', 'organized']);
  });
});

describe('settings scope: refusals', () => {
  it('When the scope is not an array, then it is invalid_type on scope', () => {
    for (const input of [`workspaces:${WKS_A}`, { workspaces: WKS_A }, null, undefined, 3]) {
      assert.deepEqual(refusal(input), [{ code: 'invalid_type', field: 'scope' }], JSON.stringify(input));
    }
  });

  it('When the scope is empty, then it is blank on scope', () => {
    assert.deepEqual(refusal([]), [{ code: 'blank', field: 'scope' }]);
  });

  it('When the scope has more conditions than allowed, then it is invalid on scope', () => {
    const nine = [
      `workspaces:${WKS_A}`,
      ...CATEGORIES.map((c) => `meetings:${c}`),
      `calendar_event_series:${UID_1}`,
      `meetings:${MTG_A}`,
      `meetings:${MTG_B}`,
      `members:${MEM_A}`,
    ];
    assert.equal(nine.length, 9);
    assert.deepEqual(refusal(nine), [{ code: 'invalid', field: 'scope' }]);
  });

  it('When a condition is not a string, then it is invalid_type at its index', () => {
    assert.deepEqual(refusal([`workspaces:${WKS_A}`, 42]), [{ code: 'invalid_type', field: 'scope.1' }]);
    assert.deepEqual(refusal([{ kind: 'workspaces' }, `workspaces:${WKS_A}`]), [
      { code: 'invalid_type', field: 'scope.0' },
    ]);
  });

  it('When a condition has an unknown kind, then it is invalid at its index', () => {
    assert.deepEqual(refusal([`workspaces:${WKS_A}`, 'teams:tea_01jc8w3k5v9x2m4n6p00000001']), [
      { code: 'invalid', field: 'scope.1' },
    ]);
    assert.deepEqual(refusal([`Workspaces:${WKS_A}`]), [{ code: 'invalid', field: 'scope.0' }]);
    assert.deepEqual(refusal([`workspaces:${WKS_A}`, 'series:abc']), [{ code: 'invalid', field: 'scope.1' }]);
  });

  it('When an id has the wrong prefix or shape, then it is invalid at its index', () => {
    const bad: [string[], string][] = [
      [[`workspaces:${MEM_A}`], 'scope.0'],
      [[`members:${WKS_A}`], 'scope.0'],
      [[`accounts:${WKS_A}`], 'scope.0'],
      [[`workspaces:${WKS_A}`, `meetings:${id('bot', 1)}`], 'scope.1'],
      [['workspaces:wks_123'], 'scope.0'],
      [[`workspaces:${WKS_A.toUpperCase().replace('WKS_', 'wks_')}`], 'scope.0'],
      [[`workspaces:${WKS_A}x`], 'scope.0'],
      [['workspaces:'], 'scope.0'],
      [['workspaces'], 'scope.0'],
      [[`workspaces:${WKS_A}`, 'meetings:recurring'], 'scope.1'],
    ];
    for (const [input, field] of bad)
      assert.deepEqual(refusal(input), [{ code: 'invalid', field }], JSON.stringify(input));
  });

  it('When a series has no UID or one longer than 1024 characters, then it is invalid at its index', () => {
    assert.deepEqual(refusal([`members:${MEM_A}`, 'calendar_event_series:']), [{ code: 'invalid', field: 'scope.1' }]);
    assert.deepEqual(refusal([`members:${MEM_A}`, `calendar_event_series:${'u'.repeat(1025)}`]), [
      { code: 'invalid', field: 'scope.1' },
    ]);
    assert.ok(
      parseScope([`members:${MEM_A}`, `calendar_event_series:${'u'.repeat(1024)}`]).scope,
      '1024 characters are allowed',
    );
  });

  it('When a scope names two anchors, then the second is invalid at its index', () => {
    assert.deepEqual(refusal([`workspaces:${WKS_A}`, `members:${MEM_A}`]), [{ code: 'invalid', field: 'scope.1' }]);
    assert.deepEqual(refusal([`members:${MEM_A}`, 'meetings:internal', `members:${MEM_B}`]), [
      { code: 'invalid', field: 'scope.2' },
    ]);
    assert.deepEqual(refusal([`accounts:${ACC_A}`, `workspaces:${WKS_A}`]), [{ code: 'invalid', field: 'scope.1' }]);
  });

  it('When accounts: comes with any other condition, then that condition is invalid at its index', () => {
    assert.deepEqual(refusal([`accounts:${ACC_A}`, 'meetings:internal']), [{ code: 'invalid', field: 'scope.1' }]);
    assert.deepEqual(refusal(['meetings:external', `accounts:${ACC_A}`]), [{ code: 'invalid', field: 'scope.0' }]);
    assert.deepEqual(refusal([`accounts:${ACC_A}`, `calendar_event_series:${UID_1}`]), [
      { code: 'invalid', field: 'scope.1' },
    ]);
    assert.deepEqual(refusal([`accounts:${ACC_A}`, `meetings:${MTG_A}`]), [{ code: 'invalid', field: 'scope.1' }]);
  });

  it('When meetings:mtg_… comes with members:, then the member condition is invalid at its index', () => {
    assert.deepEqual(refusal([`members:${MEM_A}`, `meetings:${MTG_A}`]), [{ code: 'invalid', field: 'scope.0' }]);
    assert.deepEqual(refusal([`meetings:${MTG_A}`, `members:${MEM_A}`]), [{ code: 'invalid', field: 'scope.1' }]);
  });

  it('When meetings:mtg_… comes with a category or a series, then that condition is invalid at its index', () => {
    for (const c of CATEGORIES) {
      assert.deepEqual(
        refusal([`workspaces:${WKS_A}`, `meetings:${MTG_A}`, `meetings:${c}`]),
        [{ code: 'invalid', field: 'scope.2' }],
        c,
      );
    }
    assert.deepEqual(refusal([`meetings:${MTG_A}`, `calendar_event_series:${UID_1}`, `workspaces:${WKS_A}`]), [
      { code: 'invalid', field: 'scope.1' },
    ]);
    assert.deepEqual(refusal(['meetings:internal', `meetings:${MTG_A}`]), [{ code: 'invalid', field: 'scope.0' }]);
  });

  it('When a scope names two meetings or two series, then the second is invalid at its index', () => {
    assert.deepEqual(refusal([`meetings:${MTG_A}`, `meetings:${MTG_B}`]), [{ code: 'invalid', field: 'scope.1' }]);
    assert.deepEqual(
      refusal([`members:${MEM_A}`, `calendar_event_series:${UID_1}`, `calendar_event_series:${UID_2}`]),
      [{ code: 'invalid', field: 'scope.2' }],
    );
  });

  it('When a condition is repeated, then the repeat is invalid at its index', () => {
    assert.deepEqual(refusal([`workspaces:${WKS_A}`, 'meetings:internal', 'meetings:internal']), [
      { code: 'invalid', field: 'scope.2' },
    ]);
    assert.deepEqual(refusal([`workspaces:${WKS_A}`, `workspaces:${WKS_A}`]), [{ code: 'invalid', field: 'scope.1' }]);
    assert.deepEqual(refusal([`members:${MEM_A}`, 'meetings:organized', ' meetings:organized ']), [
      { code: 'invalid', field: 'scope.2' },
    ]);
  });

  it('When a scope has no anchor and no meeting, then it is invalid on scope', () => {
    assert.deepEqual(refusal(['meetings:internal']), [{ code: 'invalid', field: 'scope' }]);
    assert.deepEqual(refusal([`calendar_event_series:${UID_1}`]), [{ code: 'invalid', field: 'scope' }]);
    assert.deepEqual(refusal(['meetings:organized', 'meetings:external']), [{ code: 'invalid', field: 'scope' }]);
  });

  it('When the scope sits under another field name, then issues name that field and the index', () => {
    assert.deepEqual(refusal([`workspaces:${WKS_A}`, 'bogus'], 'assignments.0.scope'), [
      { code: 'invalid', field: 'assignments.0.scope.1' },
    ]);
    assert.deepEqual(refusal([], 'assignments.0.scope'), [{ code: 'blank', field: 'assignments.0.scope' }]);
  });
});

/** Valid scopes over the world, as condition lists in a fixed order (before any shuffling). */
const scopeConditionsArb: fc.Arbitrary<string[]> = fc.oneof(
  fc.constantFrom(...WORLD.map((w) => w.accountId)).map((a) => [`accounts:${a}`]),
  fc
    .record({
      anchor: fc.constantFrom(
        ...WORLD.flatMap((w) => [`workspaces:${w.workspaceId}`, ...w.members.map((m) => `members:${m}`)]),
      ),
      series: fc.option(fc.constantFrom(UID_1, UID_2), { nil: null }),
      categories: fc.subarray([...CATEGORIES]),
    })
    .map(({ anchor, series, categories }) => [
      anchor,
      ...(series ? [`calendar_event_series:${series}`] : []),
      ...categories.map((c) => `meetings:${c}`),
    ]),
  fc
    .record({
      workspace: fc.option(fc.constantFrom(...WORLD.map((w) => w.workspaceId)), { nil: null }),
      meeting: fc.constantFrom(...WORLD.flatMap((w) => w.meetings)),
    })
    .map(({ workspace, meeting }) => [...(workspace ? [`workspaces:${workspace}`] : []), `meetings:${meeting}`]),
);
const permutationOf = (cs: string[]) => fc.shuffledSubarray(cs, { minLength: cs.length, maxLength: cs.length });

describe('canonical scope', () => {
  it('When a scope is canonicalised, then it reads anchor, meeting, series, then categories in a fixed order', () => {
    assert.deepEqual(
      canonicalScope(
        scopeOf([
          'meetings:external',
          `calendar_event_series:${UID_1}`,
          'meetings:organized',
          `members:${MEM_A}`,
          'meetings:internal',
        ]),
      ),
      [
        `members:${MEM_A}`,
        `calendar_event_series:${UID_1}`,
        'meetings:organized',
        'meetings:internal',
        'meetings:external',
      ],
    );
    assert.deepEqual(canonicalScope(scopeOf([`meetings:${MTG_A}`, `workspaces:${WKS_A}`])), [
      `workspaces:${WKS_A}`,
      `meetings:${MTG_A}`,
    ]);
    assert.deepEqual(canonicalScope(scopeOf([`meetings:${MTG_A}`])), [`meetings:${MTG_A}`]);
    assert.deepEqual(canonicalScope(scopeOf(['meetings:domain', `workspaces:${WKS_B}`])), [
      `workspaces:${WKS_B}`,
      'meetings:domain',
    ]);
  });

  it('When the same conditions are written in any order, then the canonical scope is the same (property)', () => {
    fc.assert(
      fc.property(
        scopeConditionsArb.chain((cs) => fc.tuple(permutationOf(cs), permutationOf(cs))),
        ([one, other]) => {
          assert.deepEqual(canonicalScope(scopeOf(one)), canonicalScope(scopeOf(other)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('When a canonical scope is parsed again, then it is accepted and canonicalises to itself, with the same conditions (property)', () => {
    fc.assert(
      fc.property(scopeConditionsArb.chain(permutationOf), (conditions) => {
        const canonical = canonicalScope(scopeOf(conditions));
        assert.deepEqual([...canonical].sort(), [...conditions].sort(), 'same conditions, only reordered');
        assert.deepEqual(canonicalScope(scopeOf(canonical)), canonical);
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Settings writes
// ---------------------------------------------------------------------------------------------

/** `{ a: { b: value } }` from `a.b`. */
function nest(path: string, value: unknown): Record<string, unknown> {
  return path.split('.').reduceRight<unknown>((v, k) => ({ [k]: v }), value) as Record<string, unknown>;
}

/** Whether a single path accepts a value; on refusal, checks the issue shape and returns its message. */
function tryValue(path: SettingPath, value: unknown): { ok: true } | { ok: false; message: string } {
  const { write, issues } = readSettingsWrite(nest(path, value));
  if (issues.length === 0) {
    assert.deepEqual(write, { [path]: value === null ? INHERIT : value });
    return { ok: true };
  }
  assert.equal(issues.length, 1);
  assert.equal(issues[0]!.code, 'invalid');
  assert.equal(issues[0]!.field, path);
  assert.deepEqual(write, {}, 'a refused value is not written');
  return { ok: false, message: issues[0]!.message };
}

describe('settings writes', () => {
  it('When a write is partial at any depth, then it becomes the dotted paths it names and nothing else', () => {
    const { write, issues } = readSettingsWrite({
      recording: { enabled: false, methods: { bot: { mode: 'audio_only', silence_detection: { alert: true } } } },
      summary: { template: 'sales' },
      transcription: {},
    });
    assert.deepEqual(issues, []);
    assert.deepEqual(write, {
      'recording.enabled': false,
      'recording.methods.bot.mode': 'audio_only',
      'recording.methods.bot.silence_detection.alert': true,
      'summary.template': 'sales',
    });
  });

  it('When a path is written as inherit or null, then the write asks to inherit it', () => {
    const { write, issues } = readSettingsWrite({
      recording: { enabled: null, methods: { bot: { mode: 'inherit', start: null } } },
      transcription: { language: 'inherit' },
      summary: { template: null, language: 'inherit' },
      branding: { brand_kit_id: null },
    });
    assert.deepEqual(issues, []);
    assert.deepEqual(write, {
      'recording.enabled': 'inherit',
      'recording.methods.bot.mode': 'inherit',
      'recording.methods.bot.start': 'inherit',
      'transcription.language': 'inherit',
      'summary.template': 'inherit',
      'summary.language': 'inherit',
      'branding.brand_kit_id': 'inherit',
    });
  });

  it('When the bot mode has a bad value, then it is invalid on recording.methods.bot.mode and the message lists audio_and_video, audio_only and inherit', () => {
    const { write, issues } = readSettingsWrite({ recording: { methods: { bot: { mode: 'video_only' } } } });
    assert.deepEqual(write, {});
    assert.equal(issues.length, 1);
    assert.equal(issues[0]!.code, 'invalid');
    assert.equal(issues[0]!.field, 'recording.methods.bot.mode');
    for (const word of ['audio_and_video', 'audio_only', 'inherit'])
      assert.ok(issues[0]!.message.includes(word), `${issues[0]!.message} lists ${word}`);
  });

  it('When a write has several bad fields, then each is reported and the good ones are still read', () => {
    const { write, issues } = readSettingsWrite({
      recording: { enabled: 'yes', methods: { bot: { start: 'at_scheduled_start', mode: 'audio_only' } }, volume: 3 },
      transcription: { language: 'en' },
    });
    assert.deepEqual(write, { 'recording.methods.bot.mode': 'audio_only', 'transcription.language': 'en' });
    assert.deepEqual(issues.map((i) => [i.code, i.field]).sort(), [
      ['invalid', 'recording.enabled'],
      ['invalid', 'recording.methods.bot.start'],
      ['unknown_field', 'recording.volume'],
    ]);
  });

  it('When a field is not a setting, then it is unknown_field on that field', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ recording: { volume: 3 } }, 'recording.volume'],
      [{ colour: 'blue' }, 'colour'],
      [{ recording: { methods: { zoom: { mode: 'audio_only' } } } }, 'recording.methods.zoom'],
      [{ summary: { template: 'sales', style: 'short' } }, 'summary.style'],
      [{ branding: { logo_url: 'https://example.com/logo.png' } }, 'branding.logo_url'],
    ];
    for (const [body, field] of cases) {
      const { issues } = readSettingsWrite(body);
      assert.deepEqual(
        issues.map((i) => [i.code, i.field]),
        [['unknown_field', field]],
        JSON.stringify(body),
      );
      assert.ok(issues[0]!.message.includes(field));
    }
  });

  for (const removed of REMOVED_PATHS) {
    it(`When a write names ${removed} (removed in 2026-10-12), then it is unknown_field on that field`, () => {
      const { write, issues } = readSettingsWrite(nest(removed, removed.endsWith('_ids') ? [] : true));
      assert.deepEqual(write, {});
      assert.deepEqual(
        issues.map((i) => [i.code, i.field]),
        [['unknown_field', removed]],
      );
    });
  }

  it('When the release’s removed fields are listed, then they are exactly the ones the spec names', () => {
    assert.deepEqual([...REMOVED_PATHS].sort(), [
      'access',
      'recording.methods.bot.join_at_scheduled_start',
      'recording.methods.bot.silence_detection.automatic_leave',
      'storage',
      'summary_email',
      'transcription.glossary_ids',
      'transcription.model',
    ]);
  });

  it('When a removed group is written with children, then only the group is reported, and settings beside it are still read', () => {
    const { write, issues } = readSettingsWrite({
      storage: { retention_days: 30 },
      transcription: { model: 'nova-3', language: 'pt-BR' },
    });
    assert.deepEqual(write, { 'transcription.language': 'pt-BR' });
    assert.deepEqual(issues.map((i) => [i.code, i.field]).sort(), [
      ['unknown_field', 'storage'],
      ['unknown_field', 'transcription.model'],
    ]);
  });

  it('When the caller names its own fields, then those are ignored and not reported', () => {
    const body = { name: 'Sales team', workspace_id: WKS_A, transcription: { language: 'de' } };
    const { write, issues } = readSettingsWrite(body, { otherFields: ['name', 'workspace_id'] });
    assert.deepEqual(issues, []);
    assert.deepEqual(write, { 'transcription.language': 'de' });
    const withoutThem = readSettingsWrite(body);
    assert.deepEqual(withoutThem.issues.map((i) => [i.code, i.field]).sort(), [
      ['unknown_field', 'name'],
      ['unknown_field', 'workspace_id'],
    ]);
  });

  it('When a group is not an object, then it is invalid_type on the group', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ recording: true }, 'recording'],
      [{ recording: null }, 'recording'],
      [{ summary: ['sales'] }, 'summary'],
      [{ recording: { methods: 'bot' } }, 'recording.methods'],
    ];
    for (const [body, field] of cases) {
      const { write, issues } = readSettingsWrite(body);
      assert.deepEqual(write, {});
      assert.deepEqual(
        issues.map((i) => [i.code, i.field]),
        [['invalid_type', field]],
        JSON.stringify(body),
      );
    }
  });

  it('When a prefix is given, then issues name the field under it', () => {
    const { issues } = readSettingsWrite(
      { recording: { methods: { bot: { mode: 'loud' } } }, foo: 1 },
      { prefix: 'settings.' },
    );
    assert.deepEqual(issues.map((i) => [i.code, i.field]).sort(), [
      ['invalid', 'settings.recording.methods.bot.mode'],
      ['unknown_field', 'settings.foo'],
    ]);
  });

  it('When recording.enabled or the silence alert is written, then only true, false and inherit are taken', () => {
    for (const path of ['recording.enabled', 'recording.methods.bot.silence_detection.alert'] as const) {
      for (const ok of [true, false, 'inherit', null])
        assert.deepEqual(tryValue(path, ok), { ok: true }, `${path}=${ok}`);
      for (const bad of ['true', 1, 0, 'yes', {}]) {
        const r = tryValue(path, bad);
        assert.equal(r.ok, false, `${path}=${JSON.stringify(bad)}`);
        if (!r.ok) for (const word of ['true', 'false', 'inherit']) assert.ok(r.message.includes(word));
      }
    }
  });

  it('When the bot start is written, then on_join, on_command and inherit are taken and the removed at_scheduled_start is not', () => {
    for (const ok of ['on_join', 'on_command', 'inherit'])
      assert.deepEqual(tryValue('recording.methods.bot.start', ok), { ok: true }, ok);
    for (const bad of ['at_scheduled_start', 'ON_JOIN', '', true]) {
      const r = tryValue('recording.methods.bot.start', bad);
      assert.equal(r.ok, false, JSON.stringify(bad));
      if (!r.ok) for (const word of ['on_join', 'on_command', 'inherit']) assert.ok(r.message.includes(word));
    }
  });

  it('When the transcription language is written, then BCP-47 codes, auto, multi and inherit are taken, and same_as_transcript is not', () => {
    for (const ok of ['en', 'pt-BR', 'es-419', 'zh-Hant-TW', 'fil', 'auto', 'multi', 'inherit'])
      assert.deepEqual(tryValue('transcription.language', ok), { ok: true }, ok);
    for (const bad of ['same_as_transcript', 'english', 'en_US', 'e', '', 'en-', 42, true]) {
      const r = tryValue('transcription.language', bad);
      assert.equal(r.ok, false, JSON.stringify(bad));
      if (!r.ok)
        for (const word of ['BCP-47', 'auto', 'multi', 'inherit'])
          assert.ok(r.message.includes(word), `${r.message} lists ${word}`);
    }
  });

  it('When the summary language is written, then BCP-47 codes, same_as_transcript and inherit are taken, and auto and multi are not', () => {
    for (const ok of ['en', 'pt-BR', 'de-CH', 'same_as_transcript', 'inherit'])
      assert.deepEqual(tryValue('summary.language', ok), { ok: true }, ok);
    for (const bad of ['auto', 'multi', 'english', 'en_GB', '']) {
      const r = tryValue('summary.language', bad);
      assert.equal(r.ok, false, JSON.stringify(bad));
      if (!r.ok)
        for (const word of ['BCP-47', 'same_as_transcript', 'inherit'])
          assert.ok(r.message.includes(word), `${r.message} lists ${word}`);
    }
  });

  it('When the summary template is written, then built-in slugs, tpl_ ids and inherit are taken and anything else is refused', () => {
    for (const ok of ['general', 'sales', 'interview', 'standup', 'one_on_one', TPL, 'inherit'])
      assert.deepEqual(tryValue('summary.template', ok), { ok: true }, ok);
    for (const bad of ['Sales', 'tpl_123', `${TPL}0`, TPL.toUpperCase(), id('brk', 7), 'retro', '', 7]) {
      const r = tryValue('summary.template', bad);
      assert.equal(r.ok, false, JSON.stringify(bad));
      if (!r.ok)
        for (const word of ['general', 'sales', 'interview', 'standup', 'one_on_one', 'tpl_', 'inherit'])
          assert.ok(r.message.includes(word), `${r.message} lists ${word}`);
    }
  });

  it('When the brand kit is written, then a brk_ id, none and inherit are taken (whether the kit is usable is the database’s to say)', () => {
    for (const ok of ['none', 'inherit', null, 'brk_01jdz4m7k3q8v2n6x9c5b1t0aa'])
      assert.deepEqual(tryValue('branding.brand_kit_id', ok), { ok: true }, String(ok));
    for (const bad of [
      '',
      'default',
      'None',
      false,
      'brk_',
      'brk_UPPER0000000000000000000000',
      'tpl_01jdz4m7k3q8v2n6x9c5b1t0aa',
    ]) {
      const r = tryValue('branding.brand_kit_id', bad);
      assert.equal(r.ok, false, JSON.stringify(bad));
      if (!r.ok) for (const word of ['brk_', 'none', 'inherit']) assert.ok(r.message.includes(word));
    }
  });

  it('When a write is applied, then values set their paths, inherit removes them, and the rest is kept without touching the original', () => {
    const before: SettingValues = {
      'recording.methods.bot.mode': 'audio_only',
      'transcription.language': 'en',
      'summary.template': 'standup',
    };
    const snapshot = structuredClone(before);
    const after = applyWrite(before, {
      'recording.methods.bot.mode': 'inherit',
      'recording.enabled': false,
      'summary.template': 'sales',
      'branding.brand_kit_id': 'inherit',
    });
    assert.deepEqual(after, {
      'transcription.language': 'en',
      'recording.enabled': false,
      'summary.template': 'sales',
    });
    assert.deepEqual(before, snapshot);
    assert.deepEqual(applyWrite(after, {}), after);
  });
});

// ---------------------------------------------------------------------------------------------
// Reaching, walk order and resolution
// ---------------------------------------------------------------------------------------------

describe('which assignments reach a workspace, a member and a meeting', () => {
  it('When nothing is assigned, then every path reads the service default with source service_default and no assignments', () => {
    for (const t of [workspaceTarget, memberTarget, meetingTarget()]) {
      const block = resolve(t, []);
      for (const path of SETTING_PATHS) {
        assert.deepEqual(getPath(block, path), getPath(SERVICE_DEFAULTS, path), path);
        assert.deepEqual(block.sources[path], SERVICE_DEFAULT, path);
      }
      assert.deepEqual(Object.keys(block.sources).sort(), [...SETTING_PATHS].sort());
      assert.deepEqual(block.assignments, []);
    }
  });

  it('When two blocks are resolved, then each holds its own values: changing one changes neither the other nor the service defaults', () => {
    const defaults = JSON.stringify(SERVICE_DEFAULTS);
    const first = resolve(meetingTarget(), []);
    const second = resolve(meetingTarget(), []);
    const { recording, transcription, summary, branding } = first;
    assert.deepEqual({ recording, transcription, summary, branding }, SERVICE_DEFAULTS);
    first.recording.methods.bot.silence_detection.alert = true;
    first.summary.template = 'sales';
    assert.equal(second.recording.methods.bot.silence_detection.alert, false);
    assert.equal(second.summary.template, 'general');
    assert.equal(JSON.stringify(SERVICE_DEFAULTS), defaults);
  });

  it('When the account is assigned, then its workspaces, their members and their meetings see it, and another account’s do not', () => {
    expectReach(asg([`accounts:${ACC_A}`]), [
      ['workspace A', workspaceTarget, true],
      ['workspace B of the same account', { kind: 'workspace', workspaceId: WKS_B, accountId: ACC_A }, true],
      ['member', memberTarget, true],
      ['meeting', meetingTarget(), true],
      ['meeting without a member', meetingTarget({ memberId: null }), true],
    ]);
    expectReach(asg([`accounts:${ACC_B}`]), [
      ['workspace', workspaceTarget, false],
      ['member', memberTarget, false],
      ['meeting', meetingTarget(), false],
    ]);
  });

  it('When a workspace is assigned, then the workspace, its members and its meetings see it, and another workspace’s do not', () => {
    expectReach(asg([`workspaces:${WKS_A}`]), [
      ['workspace', workspaceTarget, true],
      ['member', memberTarget, true],
      ['meeting', meetingTarget(), true],
      ['meeting without a member', meetingTarget({ memberId: null, icalUid: null, startsAt: null }), true],
      ['other workspace', { kind: 'workspace', workspaceId: WKS_B, accountId: ACC_A }, false],
      ['member of another workspace', { kind: 'member', workspaceId: WKS_B, accountId: ACC_A, memberId: MEM_C }, false],
      ['meeting of another workspace', meetingTarget({ workspaceId: WKS_B, memberId: MEM_C, meetingId: MTG_C }), false],
    ]);
  });

  it('When a member is assigned, then the member and its meetings see it, never the workspace, another member or a meeting without that member', () => {
    expectReach(asg([`members:${MEM_A}`]), [
      ['workspace', workspaceTarget, false],
      ['member', memberTarget, true],
      ['meeting of the member', meetingTarget(), true],
      ['other member', { kind: 'member', workspaceId: WKS_A, accountId: ACC_A, memberId: MEM_B }, false],
      ['meeting of another member', meetingTarget({ memberId: MEM_B, meetingId: MTG_B }), false],
      ['meeting without a member', meetingTarget({ memberId: null }), false],
    ]);
  });

  it('When one meeting is assigned (with or without its workspace), then only that meeting sees it', () => {
    for (const conditions of [[`meetings:${MTG_A}`], [`workspaces:${WKS_A}`, `meetings:${MTG_A}`]]) {
      expectReach(asg(conditions), [
        ['workspace', workspaceTarget, false],
        ['member', memberTarget, false],
        ['the meeting', meetingTarget(), true],
        ['the meeting, whoever its member', meetingTarget({ memberId: null }), true],
        ['another meeting', meetingTarget({ meetingId: MTG_B }), false],
      ]);
    }
    expectReach(asg([`workspaces:${WKS_B}`, `meetings:${MTG_A}`]), [
      ['the meeting, named with a workspace it is not in', meetingTarget(), false],
    ]);
  });

  for (const category of CATEGORIES) {
    it(`When meetings:${category} is assigned on a workspace or a member, then only meetings in that category see it, never the member or workspace block`, () => {
      const others = CATEGORIES.filter((c) => c !== category);
      expectReach(asg([`workspaces:${WKS_A}`, `meetings:${category}`]), [
        ['workspace', workspaceTarget, false],
        ['member', memberTarget, false],
        [`meeting that is ${category}`, meetingTarget({ categories: [category] }), true],
        [`meeting that is ${category} and more`, meetingTarget({ categories: [...CATEGORIES] }), true],
        ['meeting in the other categories', meetingTarget({ categories: others }), false],
        ['meeting in no category', meetingTarget({ categories: [] }), false],
        [
          `${category} meeting of another workspace`,
          meetingTarget({ workspaceId: WKS_B, memberId: MEM_C, meetingId: MTG_C, categories: [category] }),
          false,
        ],
      ]);
      expectReach(asg([`members:${MEM_A}`, `meetings:${category}`]), [
        ['workspace', workspaceTarget, false],
        ['member', memberTarget, false],
        [`${category} meeting of the member`, meetingTarget({ categories: [category] }), true],
        [`${category} meeting of another member`, meetingTarget({ memberId: MEM_B, categories: [category] }), false],
        ['meeting of the member in the other categories', meetingTarget({ categories: others }), false],
      ]);
    });
  }

  it('When several categories are assigned together, then a meeting must be in all of them', () => {
    expectReach(asg([`workspaces:${WKS_A}`, 'meetings:organized', 'meetings:external']), [
      ['organized and external', meetingTarget({ categories: ['organized', 'external'] }), true],
      ['organized only', meetingTarget({ categories: ['organized', 'internal'] }), false],
      ['external only', meetingTarget({ categories: ['external'] }), false],
    ]);
  });

  it('When a calendar event series is assigned, then its occurrences from the assignment on see it, earlier ones and other series do not', () => {
    const created = new Date('2026-11-10T12:00:00Z');
    const a = asg([`members:${MEM_A}`, `calendar_event_series:${UID_1}`], undefined, { createdAt: created });
    expectReach(a, [
      ['workspace', workspaceTarget, false],
      ['member', memberTarget, false],
      ['occurrence after the assignment', meetingTarget({ startsAt: new Date('2026-11-17T12:00:00Z') }), true],
      ['occurrence starting at the assignment', meetingTarget({ startsAt: created }), true],
      ['occurrence before the assignment', meetingTarget({ startsAt: new Date('2026-11-03T12:00:00Z') }), false],
      ['occurrence one millisecond before', meetingTarget({ startsAt: new Date(created.getTime() - 1) }), false],
      ['another series', meetingTarget({ icalUid: UID_2 }), false],
      ['a meeting with no calendar event', meetingTarget({ icalUid: null, startsAt: null }), false],
      ['the series of another member', meetingTarget({ memberId: MEM_B }), false],
    ]);
    expectReach(
      asg([`workspaces:${WKS_A}`, `calendar_event_series:${UID_1}`, 'meetings:external'], undefined, {
        createdAt: created,
      }),
      [
        ['external occurrence', meetingTarget({ categories: ['external'] }), true],
        ['internal occurrence', meetingTarget({ categories: ['internal'] }), false],
        [
          'occurrence of another member of the workspace',
          meetingTarget({ memberId: MEM_B, categories: ['external'] }),
          true,
        ],
      ],
    );
  });
});

describe('walk order and resolution', () => {
  const meeting = meetingTarget({ categories: ['organized', 'internal', 'domain'] });
  // Ids grow as specificity falls, so the id tie-break alone could not produce the expected order.
  const levels: [string, string[]][] = [
    ['meeting', [`meetings:${MTG_A}`]],
    ['member series', [`members:${MEM_A}`, `calendar_event_series:${UID_1}`]],
    ['workspace series', [`workspaces:${WKS_A}`, `calendar_event_series:${UID_1}`]],
    ['member + 2 categories', [`members:${MEM_A}`, 'meetings:organized', 'meetings:internal']],
    ['member + 1 category', [`members:${MEM_A}`, 'meetings:domain']],
    ['member', [`members:${MEM_A}`]],
    ['workspace + 2 categories', [`workspaces:${WKS_A}`, 'meetings:internal', 'meetings:domain']],
    ['workspace + 1 category', [`workspaces:${WKS_A}`, 'meetings:organized']],
    ['workspace', [`workspaces:${WKS_A}`]],
    ['account', [`accounts:${ACC_A}`]],
  ];
  const ladder = levels.map(([, conditions], i) =>
    asg(conditions, { 'transcription.language': `de` }, { n: 100 + i, own: i === 5 }),
  );

  it('When assignments of every level reach a meeting, then they walk from the meeting down to the account', () => {
    for (const order of [
      ladder,
      [...ladder].reverse(),
      [
        ladder[4]!,
        ladder[9]!,
        ladder[0]!,
        ladder[7]!,
        ladder[2]!,
        ladder[5]!,
        ladder[1]!,
        ladder[8]!,
        ladder[3]!,
        ladder[6]!,
      ],
    ]) {
      assert.deepEqual(
        walkOrder(order).map((a) => levels[ladder.indexOf(a)]![0]),
        levels.map(([label]) => label),
      );
    }
  });

  it('When every level sets the same path, then the meeting’s assignment supplies it, and the block lists every reaching assignment in walk order', () => {
    const block = resolve(meeting, [...ladder].reverse());
    assert.deepEqual(block.sources['transcription.language'], { assignment_id: ladder[0]!.id });
    assert.deepEqual(
      block.assignments,
      ladder.map((a, i) => ({ id: a.id, settings_id: a.settingsId, scope: a.conditions, own: i === 5 })),
    );
    assert.deepEqual(block.sources['recording.enabled'], SERVICE_DEFAULT);
  });

  it('When each level is removed in turn from the top, then the next level down supplies the value', () => {
    for (let i = 0; i < ladder.length; i++) {
      const block = resolve(meeting, ladder.slice(i));
      assert.deepEqual(block.sources['transcription.language'], { assignment_id: ladder[i]!.id }, levels[i]![0]);
    }
  });

  it('When only the member and workspace levels without categories remain, then the member block and workspace block pick them up', () => {
    const memberBlock = resolve(memberTarget, ladder);
    assert.deepEqual(
      memberBlock.assignments.map((a) => a.id),
      [ladder[5]!.id, ladder[8]!.id, ladder[9]!.id],
    );
    assert.deepEqual(memberBlock.sources['transcription.language'], { assignment_id: ladder[5]!.id });
    const workspaceBlock = resolve(workspaceTarget, ladder);
    assert.deepEqual(
      workspaceBlock.assignments.map((a) => a.id),
      [ladder[8]!.id, ladder[9]!.id],
    );
    assert.deepEqual(workspaceBlock.sources['transcription.language'], { assignment_id: ladder[8]!.id });
  });

  it('When levels set different paths, then each path shows the value and the assignment that supplied it', () => {
    const account = asg([`accounts:${ACC_A}`], {
      'summary.template': 'interview',
      'recording.methods.bot.mode': 'audio_only',
      'recording.enabled': false,
    });
    const workspace = asg([`workspaces:${WKS_A}`], {
      'recording.methods.bot.mode': 'audio_and_video',
      'recording.enabled': true,
    });
    const member = asg([`members:${MEM_A}`], { 'transcription.language': 'pt-BR' });
    const external = asg([`members:${MEM_A}`, 'meetings:external'], {
      'recording.enabled': false,
      'summary.language': 'en',
    });
    const block = resolve(meetingTarget({ categories: ['external'] }), [account, workspace, member, external]);
    assert.equal(block.summary.template, 'interview');
    assert.equal(block.recording.methods.bot.mode, 'audio_and_video');
    assert.equal(block.recording.enabled, false);
    assert.equal(block.transcription.language, 'pt-BR');
    assert.equal(block.summary.language, 'en');
    assert.equal(block.recording.methods.bot.start, 'on_join');
    assert.deepEqual(block.sources, {
      'recording.enabled': { assignment_id: external.id },
      'recording.methods.bot.start': SERVICE_DEFAULT,
      'recording.methods.bot.mode': { assignment_id: workspace.id },
      'recording.methods.bot.silence_detection.alert': SERVICE_DEFAULT,
      'transcription.language': { assignment_id: member.id },
      'summary.template': { assignment_id: account.id },
      'summary.language': { assignment_id: external.id },
      'branding.brand_kit_id': SERVICE_DEFAULT,
    });
    const internalMeeting = resolve(meetingTarget({ categories: ['internal'] }), [
      account,
      workspace,
      member,
      external,
    ]);
    assert.equal(internalMeeting.recording.enabled, true, 'the external assignment does not reach an internal meeting');
    assert.deepEqual(internalMeeting.sources['recording.enabled'], { assignment_id: workspace.id });
  });

  it('When two assignments are equally specific, then the newest (greatest id) wins and walks first', () => {
    const older = asg([`workspaces:${WKS_A}`, 'meetings:internal'], { 'summary.template': 'standup' }, { n: 5 });
    const newer = asg([`workspaces:${WKS_A}`, 'meetings:external'], { 'summary.template': 'sales' }, { n: 9 });
    const t = meetingTarget({ categories: ['internal', 'external'] });
    for (const input of [
      [older, newer],
      [newer, older],
    ]) {
      const block = resolve(t, input);
      assert.equal(block.summary.template, 'sales');
      assert.deepEqual(block.sources['summary.template'], { assignment_id: newer.id });
      assert.deepEqual(
        block.assignments.map((a) => a.id),
        [newer.id, older.id],
      );
    }
  });

  it('When a workspace series and a member series reach the same occurrence, then the member’s wins, and more categories beat fewer', () => {
    const workspaceSeries = asg(
      [`workspaces:${WKS_A}`, `calendar_event_series:${UID_1}`, 'meetings:external'],
      { 'recording.methods.bot.start': 'on_command' },
      { n: 900 },
    );
    const memberSeries = asg(
      [`members:${MEM_A}`, `calendar_event_series:${UID_1}`],
      { 'recording.methods.bot.start': 'on_join' },
      { n: 1 },
    );
    const block = resolve(meetingTarget({ categories: ['external'] }), [workspaceSeries, memberSeries]);
    assert.deepEqual(block.sources['recording.methods.bot.start'], { assignment_id: memberSeries.id });
    const one = asg([`workspaces:${WKS_A}`, 'meetings:external'], { 'recording.enabled': false }, { n: 900 });
    const two = asg(
      [`workspaces:${WKS_A}`, 'meetings:external', 'meetings:domain'],
      { 'recording.enabled': true },
      { n: 2 },
    );
    const both = resolve(meetingTarget({ categories: ['external', 'domain'] }), [one, two]);
    assert.deepEqual(both.sources['recording.enabled'], { assignment_id: two.id });
    assert.equal(both.recording.enabled, true);
  });

  it('When a member scope is more specific than a workspace with a category, then the member’s plain block beats it', () => {
    const workspaceExternal = asg(
      [`workspaces:${WKS_A}`, 'meetings:external'],
      { 'recording.enabled': false },
      { n: 900 },
    );
    const member = asg([`members:${MEM_A}`], { 'recording.enabled': true }, { n: 1 });
    const block = resolve(meetingTarget({ categories: ['external'] }), [workspaceExternal, member]);
    assert.deepEqual(block.sources['recording.enabled'], { assignment_id: member.id });
  });

  it('When the resolved block is read, then it has the groups the spec names with the resolved values', () => {
    const block = resolve(memberTarget, [
      asg([`members:${MEM_A}`], { 'recording.methods.bot.silence_detection.alert': true, 'summary.template': TPL }),
    ]);
    assert.deepEqual(
      {
        recording: block.recording,
        transcription: block.transcription,
        summary: block.summary,
        branding: block.branding,
      },
      {
        recording: {
          enabled: true,
          methods: { bot: { start: 'on_join', mode: 'audio_and_video', silence_detection: { alert: true } } },
        },
        transcription: { language: 'auto' },
        summary: { template: TPL, language: 'same_as_transcript' },
        branding: { brand_kit_id: 'none' },
      },
    );
  });
});

describe('meeting categories', () => {
  const member = { memberId: MEM_A, memberEmail: 'Ana@Acme.com' };
  const ana = { email: 'ana@acme.com', member_id: MEM_A };
  const bo = { email: 'bo@acme.com', member_id: MEM_B };
  const guestSameDomain = { email: 'cy@acme.com', member_id: null };
  const guest = { email: 'dee@client.example', member_id: null };

  it('When the member organizes the meeting (by member id or by email in any case), then it is organized', () => {
    assert.ok(meetingCategories({ ...member, organizer: ana, participants: [bo] }).includes('organized'));
    assert.ok(
      meetingCategories({
        ...member,
        organizer: { email: 'ANA@acme.com', member_id: null },
        participants: [bo],
      }).includes('organized'),
    );
    assert.ok(
      meetingCategories({
        memberId: MEM_A,
        memberEmail: null,
        organizer: { email: null, member_id: MEM_A },
        participants: [],
      }).includes('organized'),
    );
  });

  it('When someone else organizes, or the meeting has no member or no organizer, then it is not organized', () => {
    assert.ok(!meetingCategories({ ...member, organizer: bo, participants: [ana] }).includes('organized'));
    assert.ok(
      !meetingCategories({ memberId: null, memberEmail: null, organizer: ana, participants: [bo] }).includes(
        'organized',
      ),
    );
    assert.ok(!meetingCategories({ ...member, organizer: null, participants: [ana, bo] }).includes('organized'));
  });

  it('When every participant is a workspace member, then the meeting is internal and not external', () => {
    const c = meetingCategories({ ...member, organizer: ana, participants: [ana, bo] });
    assert.deepEqual([...c].sort(), ['domain', 'internal', 'organized']);
  });

  it('When one participant (or the organizer) is outside the workspace, then the meeting is external and not internal', () => {
    const c = meetingCategories({ ...member, organizer: bo, participants: [ana, guest] });
    assert.ok(c.includes('external') && !c.includes('internal'), String(c));
    const byOrganizer = meetingCategories({ ...member, organizer: guest, participants: [ana, bo] });
    assert.ok(byOrganizer.includes('external') && !byOrganizer.includes('internal'), String(byOrganizer));
  });

  it('When every participant is on the member’s email domain, then the meeting is domain, even with guests of that domain', () => {
    const c = meetingCategories({ ...member, organizer: bo, participants: [ana, guestSameDomain] });
    assert.deepEqual([...c].sort(), ['domain', 'external']);
  });

  it('When a participant is on another domain, a subdomain or has no email, then the meeting is not domain', () => {
    for (const other of [
      guest,
      { email: 'eve@eu.acme.com', member_id: null },
      { email: 'fay@acme.com.evil.example', member_id: null },
      { email: null, member_id: MEM_B },
    ]) {
      assert.ok(
        !meetingCategories({ ...member, organizer: ana, participants: [other] }).includes('domain'),
        JSON.stringify(other),
      );
    }
    assert.ok(
      !meetingCategories({ memberId: MEM_A, memberEmail: null, organizer: ana, participants: [bo] }).includes('domain'),
      'no member email, no domain',
    );
  });

  it('When nobody is known, then the meeting is in none of internal, domain and external', () => {
    assert.deepEqual(meetingCategories({ ...member, organizer: null, participants: [] }), []);
  });

  it('When categories come from the people, then a category assignment reaches the meeting accordingly', () => {
    const externalOff = asg([`workspaces:${WKS_A}`, 'meetings:external'], { 'recording.enabled': false });
    const withGuest = meetingTarget({
      categories: meetingCategories({ ...member, organizer: ana, participants: [guest] }),
    });
    const teamOnly = meetingTarget({
      categories: meetingCategories({ ...member, organizer: ana, participants: [bo] }),
    });
    assert.equal(resolve(withGuest, [externalOff]).recording.enabled, false);
    assert.equal(resolve(teamOnly, [externalOff]).recording.enabled, true);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties of resolution
// ---------------------------------------------------------------------------------------------

/** An oracle for reaching, read from the spec rather than the code. */
function specReaches(a: ReachingAssignment, t: Target): boolean {
  const { anchor, meetingId, series, categories } = a.scope;
  const narrowed = meetingId !== null || series !== null || categories.length > 0;
  // Member and workspace blocks cover only what no category, series or meeting decides.
  if (narrowed && t.kind !== 'meeting') return false;
  if (anchor?.kind === 'account' && anchor.id !== t.accountId) return false;
  if (anchor?.kind === 'workspace' && anchor.id !== t.workspaceId) return false;
  // A member's block is not the workspace's; a member scope reaches the member and its meetings.
  if (anchor?.kind === 'member' && (t.kind === 'workspace' || t.memberId !== anchor.id)) return false;
  if (t.kind === 'meeting') {
    if (meetingId !== null && meetingId !== t.meetingId) return false;
    if (
      series !== null &&
      !(t.icalUid === series && t.startsAt !== null && t.startsAt.getTime() >= a.createdAt.getTime())
    )
      return false;
    if (!categories.every((c) => t.categories.includes(c))) return false;
  }
  return true;
}

/** Specificity as documented: meeting, series (member-anchored first), member with categories, member, workspace with categories, workspace, account; more categories first. */
function specRank(s: Scope): [number, number, number] {
  const n = s.categories.length;
  if (s.meetingId) return [6, 0, 0];
  if (s.series) return [5, s.anchor?.kind === 'member' ? 1 : 0, n];
  if (s.anchor!.kind === 'member') return n ? [4, 0, n] : [3, 0, 0];
  if (s.anchor!.kind === 'workspace') return n ? [2, 0, n] : [1, 0, 0];
  return [0, 0, 0];
}
const compareRank = (x: [number, number, number], y: [number, number, number]) =>
  x[0] - y[0] || x[1] - y[1] || x[2] - y[2];

const dayArb = fc.integer({ min: 0, max: 60 }).map((d) => new Date(Date.UTC(2026, 10, 1) + d * 86_400_000));

const targetArb: fc.Arbitrary<Target> = fc.constantFrom(...WORLD).chain((w) =>
  fc.oneof(
    fc.constant<Target>({ kind: 'workspace', workspaceId: w.workspaceId, accountId: w.accountId }),
    fc
      .constantFrom(...w.members)
      .map((memberId): Target => ({ kind: 'member', workspaceId: w.workspaceId, accountId: w.accountId, memberId })),
    fc
      .record({
        meetingId: fc.constantFrom(...w.meetings),
        memberId: fc.option(fc.constantFrom(...w.members), { nil: null }),
        event: fc.option(fc.record({ uid: fc.constantFrom(UID_1, UID_2), startsAt: dayArb }), { nil: null }),
        categories: fc.subarray([...CATEGORIES]).filter((c) => !(c.includes('internal') && c.includes('external'))),
      })
      .map(({ meetingId, memberId, event, categories }): Target => ({
        kind: 'meeting',
        workspaceId: w.workspaceId,
        accountId: w.accountId,
        memberId,
        meetingId,
        icalUid: event?.uid ?? null,
        startsAt: event?.startsAt ?? null,
        categories,
      })),
  ),
);

const CHOICES: Record<SettingPath, (string | boolean)[]> = {
  'recording.enabled': [true, false],
  'recording.methods.bot.start': ['on_join', 'on_command'],
  'recording.methods.bot.mode': ['audio_and_video', 'audio_only'],
  'recording.methods.bot.silence_detection.alert': [true, false],
  'transcription.language': ['auto', 'multi', 'en', 'pt-BR'],
  'summary.template': ['general', 'sales', 'one_on_one', TPL],
  'summary.language': ['same_as_transcript', 'en', 'de'],
  'branding.brand_kit_id': ['none'],
};
const valuesArb: fc.Arbitrary<SettingValues> = fc
  .record(
    Object.fromEntries(SETTING_PATHS.map((p) => [p, fc.constantFrom(...CHOICES[p])])) as Record<
      SettingPath,
      fc.Arbitrary<string | boolean>
    >,
    { requiredKeys: [] },
  )
  .map((v) => ({ ...v })); // fast-check builds null-prototype records; the service's objects are plain.

const assignmentArb = (n: number): fc.Arbitrary<ReachingAssignment> =>
  fc
    .record({
      conditions: scopeConditionsArb.chain(permutationOf),
      createdAt: dayArb,
      values: valuesArb,
      own: fc.boolean(),
    })
    .map(({ conditions, createdAt, values, own }) => asg(conditions, values, { n, createdAt, own }));

/** Assignments with distinct ids (distinct `n`, so ties are broken by id). */
const assignmentsArb = (opts: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<ReachingAssignment[]> =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), {
      minLength: opts.minLength ?? 0,
      maxLength: opts.maxLength ?? 12,
    })
    .chain((ns) => fc.tuple(...ns.map(assignmentArb)));

describe('resolution properties', () => {
  const runs = { numRuns: 400 };

  it('When an assignment is added, then no path it does not set changes value or source (property)', () => {
    fc.assert(
      fc.property(targetArb, assignmentsArb({ minLength: 1 }), (target, [extra, ...rest]) => {
        const before = resolve(target, rest);
        const after = resolve(target, [...rest, extra!]);
        for (const path of SETTING_PATHS) {
          if (extra!.values[path] !== undefined) continue;
          assert.deepEqual(getPath(after, path), getPath(before, path), path);
          assert.deepEqual(after.sources[path], before.sources[path], path);
        }
      }),
      runs,
    );
  });

  it('When several reaching assignments set a path, then the most specific supplies it, the newest among equals (property)', () => {
    fc.assert(
      fc.property(targetArb, assignmentsArb(), (target, assignments) => {
        const block = resolve(target, assignments);
        for (const path of SETTING_PATHS) {
          const setters = assignments.filter((a) => specReaches(a, target) && a.values[path] !== undefined);
          if (setters.length === 0) continue;
          const best = setters.reduce((x, y) => {
            const c = compareRank(specRank(x.scope), specRank(y.scope));
            return c > 0 || (c === 0 && x.id > y.id) ? x : y;
          });
          assert.deepEqual(block.sources[path], { assignment_id: best.id }, path);
          for (const other of setters) {
            if (compareRank(specRank(other.scope), specRank(best.scope)) < 0)
              assert.notDeepEqual(
                block.sources[path],
                { assignment_id: other.id },
                `${path}: a less specific assignment never wins`,
              );
          }
        }
      }),
      runs,
    );
  });

  it('When the same assignments come in any order, then the block is the same (property)', () => {
    fc.assert(
      fc.property(
        targetArb,
        assignmentsArb().chain((as) =>
          fc.tuple(fc.constant(as), fc.shuffledSubarray(as, { minLength: as.length, maxLength: as.length })),
        ),
        (target, [assignments, shuffled]) => {
          assert.deepEqual(resolve(target, shuffled), resolve(target, assignments));
          assert.deepEqual(
            walkOrder(shuffled).map((a) => a.id),
            walkOrder(assignments).map((a) => a.id),
          );
        },
      ),
      runs,
    );
  });

  it('When a block is resolved, then every source is a reaching assignment that sets the path (with its value) or service_default when none does (property)', () => {
    fc.assert(
      fc.property(targetArb, assignmentsArb(), (target, assignments) => {
        const block = resolve(target, assignments);
        const reaching = assignments.filter((a) => specReaches(a, target));
        for (const path of SETTING_PATHS) {
          const source = block.sources[path];
          if (source.assignment_id === null) {
            assert.deepEqual(source, SERVICE_DEFAULT, path);
            assert.ok(
              !reaching.some((a) => a.values[path] !== undefined),
              `${path}: a reaching assignment sets it, yet the default is shown`,
            );
            assert.deepEqual(getPath(block, path), getPath(SERVICE_DEFAULTS, path), path);
          } else {
            const from = assignments.find((a) => a.id === source.assignment_id);
            assert.ok(from, `${path}: source ${source.assignment_id} is one of the assignments`);
            assert.ok(specReaches(from, target), `${path}: source reaches the target`);
            assert.notEqual(from.values[path], undefined, `${path}: source sets the path`);
            assert.deepEqual(getPath(block, path), from.values[path], path);
          }
        }
        // The block lists exactly the reaching assignments, in walk order, as they were stored.
        assert.deepEqual([...block.assignments.map((a) => a.id)].sort(), reaching.map((a) => a.id).sort());
        for (const listed of block.assignments) {
          const a = assignments.find((x) => x.id === listed.id)!;
          assert.deepEqual(listed, { id: a.id, settings_id: a.settingsId, scope: a.conditions, own: a.own });
        }
        const ranks = block.assignments.map((l) => assignments.find((a) => a.id === l.id)!);
        for (let i = 1; i < ranks.length; i++) {
          const c = compareRank(specRank(ranks[i - 1]!.scope), specRank(ranks[i]!.scope));
          assert.ok(
            c > 0 || (c === 0 && ranks[i - 1]!.id > ranks[i]!.id),
            'listed from the most specific down, newest first among equals',
          );
        }
      }),
      runs,
    );
  });

  it('When an object’s groups are read back as a write and applied, then they reproduce its values (property)', () => {
    fc.assert(
      fc.property(valuesArb, valuesArb, (values, earlier) => {
        const { write, issues } = readSettingsWrite(nestedValues(values));
        assert.deepEqual(issues, []);
        for (const path of SETTING_PATHS) assert.equal(write[path], values[path] ?? INHERIT, path);
        assert.deepEqual(applyWrite(earlier, write), values);
      }),
      runs,
    );
  });
});
