import fc from 'fast-check';

// Values for the fuzz tests (tests/integration/fuzz.test.ts), derived from a JSON Schema: valid ones and every
// kind of wrong one (NUL, lone surrogates, bidi controls, 50,000-character texts, numbers at and past every bound,
// wrong types, unknown and missing arguments).

export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

const LONG_TEXT = 'Chiefs injury report. '.repeat(2_300).slice(0, 50_000);
export const NASTY_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udc00y',
  '\ud83c',
  'e\u0301\u200b\u202e',
  '\ud83c\udfc8',
  LONG_TEXT,
  `${LONG_TEXT}x`,
  '\'; DROP TABLE "Bet"; --',
  '../../etc/passwd',
  '%00',
  '__proto__',
  'null',
];
/** Strings that mean something to the tools, so some calls get past the schema. */
const PLAUSIBLE = [
  'nfl-fuzz-next',
  'nfl-fuzz-final',
  'KC',
  'NYG',
  'DAL',
  'Kansas City Chiefs',
  'draftkings',
  'h2h',
  'spreads',
  'totals',
  'over',
  'yes',
  'NYG Team',
  'Pat Mahomes',
];
export const JUNK = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(1e308, -1e308, 0, -1, 0.5, 2 ** 53, 5e-324),
);

function numbersAround(schema: Schema): number[] {
  const bounds = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].filter(
    (bound): bound is number => typeof bound === 'number',
  );
  return [
    ...bounds.flatMap((bound) => [bound, bound - 1, bound + 1, bound - 0.001, bound + 0.001]),
    0,
    -0,
    -1,
    1,
    0.5,
    1e308,
    -1e308,
    2 ** 53 + 2,
    5e-324,
  ];
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
const dates = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true });

function valueOf(schema: Schema): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // Alternatives narrow what the schema around them says (American odds: an integer, -100 or less or +100 or more).
    const { anyOf: _anyOf, oneOf: _oneOf, ...shared } = schema;
    return fc.oneof(...alternatives.map((alternative) => valueOf({ ...shared, ...alternative })));
  }
  if (schema.const !== undefined) return fc.oneof({ weight: 4, arbitrary: fc.constant(schema.const) }, { weight: 1, arbitrary: JUNK });
  if (schema.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: JUNK });
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const valid = schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern))
        : schema.format === 'date'
          ? dates.map(isoDay)
          : schema.format === 'date-time'
            ? dates.map((date) => date.toISOString())
            : schema.format === 'uri'
              ? fc.oneof(fc.webUrl(), fc.constantFrom('https://www.espn.com/nfl/story/_/id/1', 'https://x.com/a', 'javascript:alert(1)'))
              : fc.oneof(
                  fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) }),
                  fc.constantFrom(...PLAUSIBLE),
                );
      return fc.oneof(
        { weight: 4, arbitrary: valid },
        { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
        { weight: 1, arbitrary: JUNK },
      );
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
      const valid =
        type === 'integer'
          ? fc.integer({ min: Math.max(Math.ceil(min), -1e9), max: Math.min(Math.floor(max), 1e9) })
          : fc.double({ min: Math.max(min, -1e9), max: Math.min(max, 1e9), noNaN: true, noDefaultInfinity: true });
      return fc.oneof(
        { weight: 4, arbitrary: valid },
        { weight: 2, arbitrary: fc.constantFrom(...numbersAround(schema)) },
        { weight: 1, arbitrary: JUNK },
      );
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), JUNK);
    case 'array': {
      const items = schema.items ? valueOf(schema.items) : JUNK;
      const maxLength = Math.min((schema.maxItems ?? 4) + 1, 22);
      return fc.oneof({ weight: 4, arbitrary: fc.array(items, { minLength: 0, maxLength }) }, { weight: 1, arbitrary: JUNK });
    }
    case 'object':
      return argumentsOf(schema);
    default:
      return JUNK;
  }
}

/** An arguments object: required ones usually present, optional ones sometimes, now and then an unknown one. */
export function argumentsOf(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([name, property]) =>
    fc
      .tuple(fc.integer({ min: 0, max: 9 }), valueOf(property))
      .map(([dice, value]): [string, unknown] | undefined => ((required.has(name) ? dice < 9 : dice < 5) ? [name, value] : undefined)),
  );
  return fc
    .tuple(fc.tuple(...entries), fc.option(fc.tuple(fc.constantFrom('unknownArgument', 'x\u0000', '__proto__'), JUNK), { freq: 8 }))
    .map(([chosen, extra]) => {
      const args: Record<string, unknown> = {};
      for (const entry of chosen) if (entry) args[entry[0]] = entry[1];
      if (extra) Object.defineProperty(args, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true });
      return args;
    });
}
