import fc from 'fast-check'

/**
 * Hostile JSON for the fuzz suite. Values that would be megabytes (a 4 MB string, 100k levels of
 * nesting) are markers, expanded only when the request is written, so counterexamples print short
 * and shrink fast. `jsonText` writes a value (markers expanded) as JSON text.
 */
export type Hostile = null | boolean | number | string | Hostile[] | { [key: string]: Hostile } | BigString | DeepNesting

export interface BigString {
  $fuzz: 'big'
  unit: string
  times: number
}

export interface DeepNesting {
  $fuzz: 'deep'
  levels: number
  open: '[' | '{"a":'
}

const SAFE = Number.MAX_SAFE_INTEGER
/** Numbers at the edges of what JSON, JavaScript, SQLite and Date can hold. */
const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  1,
  1.5,
  -2.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  SAFE,
  SAFE + 1,
  SAFE + 2,
  -SAFE,
  8.64e15,
  8.64e15 + 1,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  1e-7,
  65_535,
  65_536,
  86_401,
]

/** Strings that have broken parsers, validators, logs, file paths and UIs before. */
export const EDGE_STRINGS = [
  '',
  ' ',
  '\t\n',
  'null',
  'undefined',
  '0',
  '-1',
  '1e400',
  'true',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\u0007bell',
  '\u001b[31mred\u001b[0m',
  '\r\nX-Injected: 1',
  '\u202eevil',
  '\ufeffbom',
  '\ud800',
  '\udfff\ud800',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><b>x</b>',
  "'; DROP TABLE job_info; --",
  '%s%n%x',
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '/dev/null',
  'C:\\con',
  '字字字',
  '😀👨‍👩‍👧',
  'é',
  'e\u0301',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'EXECUTOR',
  'executor',
  'jobdesk-embedded',
  'jobdesk://embedded/',
  'jobdesk://embedded/x',
  'http://127.0.0.1:9/',
  'http://127.0.0.1:9',
  'http://127.0.0.1:9/,http://127.0.0.1:10/',
  'https://127.0.0.1:9/a b',
  'http://[::1]:9/',
  'http://127.0.0.1:99999/',
  'http://',
  'http:/x',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,x',
  'ftp://127.0.0.1/',
  '0 0 25 * * ?',
  '99999999999999999999',
  '1,2,3',
  '1,,2',
  ' 7 ',
  '-5',
  '1.5',
  'NaN',
  'demoJobHandler',
  'failJobHandler',
  'BEAN',
  'FIRST',
  'SERIAL_EXECUTION',
  'UTC',
  'Mars/Olympus',
  'a@b.c',
  'not-an-email',
  'fuzz-app',
  'fuzz-exec',
]

const bigString: fc.Arbitrary<BigString> = fc.record({
  $fuzz: fc.constant('big' as const),
  unit: fc.constantFrom('x', '字', '"', '\\', '\u0000', '😀', ' '),
  times: fc.constantFrom(300, 5_000, 70_000, 700_000, 4_000_000),
})

const deepNesting: fc.Arbitrary<DeepNesting> = fc.record({
  $fuzz: fc.constant('deep' as const),
  levels: fc.constantFrom(64, 1_000, 10_000, 200_000),
  open: fc.constantFrom('[' as const, '{"a":' as const),
})

const leaf: fc.Arbitrary<Hostile> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom<Hostile>(null, true, false, [], {}) },
  { weight: 1, arbitrary: bigString },
  { weight: 1, arbitrary: deepNesting },
)

/** Any hostile value: mostly leaves, sometimes small arrays and objects of them. */
export const hostile: fc.Arbitrary<Hostile> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...EDGE_STRINGS, 'id', 'jobId', 'logId'), leaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Hostile> },
)

/**
 * A valid template with fields replaced by hostile values, removed, or hostile ones added: what a
 * confused or malicious client sends most often. Mostly one field at a time, so the value reaches
 * the check of that field instead of stopping at the first other bad one.
 */
export function mutatedObject(template: Record<string, Hostile>): fc.Arbitrary<Hostile> {
  const keys = Object.keys(template)
  const extraFields = fc.array(fc.tuple(fc.constantFrom(...EDGE_STRINGS, 'id', 'childJobId', 'addressList', 'jobGroup', 'glueSource'), hostile), {
    maxLength: 2,
  })
  if (keys.length === 0) return extraFields.map((extra) => withFields({}, extra))
  const oneField = fc.record({
    replace: fc.constantFrom(...keys).map((key) => [key]),
    values: fc.array(hostile, { minLength: keys.length, maxLength: keys.length }),
    remove: fc.constant([] as string[]),
    extra: fc.constant([] as [string, Hostile][]),
  })
  const manyFields = fc.record({
    replace: fc.subarray(keys),
    values: fc.array(hostile, { minLength: keys.length, maxLength: keys.length }),
    remove: fc.subarray(keys, { maxLength: 1 }),
    extra: extraFields,
  })
  return fc.oneof({ weight: 3, arbitrary: oneField }, { weight: 2, arbitrary: manyFields }).map(({ replace, values, remove, extra }) => {
    const result: Record<string, Hostile> = { ...template }
    replace.forEach((key) => (result[key] = values[keys.indexOf(key)]))
    remove.forEach((key) => delete result[key])
    return withFields(result, extra)
  })
}

/** Adds fields as own properties, `__proto__` included (as JSON.parse would create them). */
function withFields(object: Record<string, Hostile>, fields: [string, Hostile][]): Hostile {
  for (const [key, value] of fields) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
  return object
}

/** A body for an endpoint: its template mutated (mostly), any hostile value, or the template as is. */
export function bodyValue(template: Record<string, Hostile>): fc.Arbitrary<Hostile> {
  return fc.oneof(
    { weight: 8, arbitrary: mutatedObject(template) },
    { weight: 2, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constant(template as Hostile) },
  )
}

function isMarker(value: unknown): value is BigString | DeepNesting {
  return typeof value === 'object' && value !== null && '$fuzz' in value
}

/** The JSON text of a hostile value, markers expanded (iteratively for nesting, which is its point). */
export function jsonText(value: Hostile): string {
  if (isMarker(value)) {
    if (value.$fuzz === 'big') return JSON.stringify(value.unit.repeat(value.times))
    const close = value.open === '[' ? ']' : '}'
    return `${value.open.repeat(value.levels)}0${close.repeat(value.levels)}`
  }
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
      .join(',')}}`
  }
  // -0 and non-finite numbers: JSON.stringify writes 0 and null, as any client would.
  return JSON.stringify(value) ?? 'null'
}

/** A short form of a hostile value for failure reports (markers stay markers). */
export function describeHostile(value: Hostile): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 80)}…(${v.length})` : v))
}

/**
 * Replaces every URL in a text that does not point at this machine with one that does (port 9:
 * nothing listens, the connection is refused at once). Fuzzed values may name hosts; a test must
 * never reach one beyond loopback, whatever the product does with the value.
 */
export function loopbackOnly(text: string): string {
  // Schemes are short: a bounded scheme keeps this linear on a 4 MB run of letters.
  if (!text.includes('://')) return text
  return text.replace(/([a-z][a-z0-9+.-]{0,30}:\/\/)(\[[^\]]*\]|[^/\s"',?#\\]*)/gi, (whole, scheme: string, authority: string) => {
    const host = authority.replace(/^[^@]*@/, '').replace(/:\d*$/, '')
    if (host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host === 'embedded' || host === '') return whole
    return `${scheme}127.0.0.1:9`
  })
}
