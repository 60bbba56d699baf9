/**
 * A strict parser of Prometheus's text exposition format (version 0.0.4), written from the format's
 * description and independent of the client that writes it: `# HELP` and `# TYPE` lines, then
 * samples `name{label="value",…} value [timestamp]`. Anything it does not recognise throws with the
 * line, so a scrape that parses is one a Prometheus server takes.
 */
export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

export interface MetricFamily {
  name: string
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped'
  help: string
  samples: Sample[]
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*'
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped'])
/** Sample name suffixes that belong to a family of the given type. */
const SUFFIXES: Record<MetricFamily['type'], string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
}

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a line feed')
  const families = new Map<string, MetricFamily>()
  const lines = text.slice(0, -1).split('\n')
  for (const [i, line] of lines.entries()) {
    const where = `line ${i + 1}: ${line.slice(0, 120)}`
    if (line.trim() === '') continue
    if (line.startsWith('#')) {
      const meta = new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`).exec(line)
      if (!meta) continue // a plain comment
      const [, kind, name, rest] = meta
      const family = families.get(name) ?? { name, type: 'untyped' as const, help: '', samples: [] }
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) throw new Error(`unknown type: ${where}`)
        if (family.samples.length > 0) throw new Error(`TYPE after samples: ${where}`)
        family.type = rest as MetricFamily['type']
      } else family.help = unescapeHelp(rest, where)
      families.set(name, family)
      continue
    }
    const sample = parseSample(line, where)
    const family = familyOf(families, sample.name)
    if (!family) throw new Error(`a sample of no declared family: ${where}`)
    family.samples.push(sample)
  }
  return families
}

function familyOf(families: Map<string, MetricFamily>, sampleName: string): MetricFamily | undefined {
  for (const family of families.values()) {
    for (const suffix of SUFFIXES[family.type]) if (family.name + suffix === sampleName) return family
  }
  return undefined
}

function parseSample(line: string, where: string): Sample {
  const head = new RegExp(`^(${NAME})`).exec(line)
  if (!head) throw new Error(`no metric name: ${where}`)
  const name = head[1]
  let at = name.length
  const labels: Record<string, string> = {}
  if (line[at] === '{') {
    at++
    while (line[at] !== '}') {
      const label = /^([a-zA-Z_][a-zA-Z0-9_]*)="/.exec(line.slice(at))
      if (!label || !LABEL_NAME.test(label[1])) throw new Error(`bad label at ${at}: ${where}`)
      at += label[0].length
      let value = ''
      for (;;) {
        const c = line[at]
        if (c === undefined) throw new Error(`unterminated label value: ${where}`)
        at++
        if (c === '"') break
        if (c === '\\') {
          const e = line[at++]
          if (e === 'n') value += '\n'
          else if (e === '\\' || e === '"') value += e
          else throw new Error(`bad escape \\${e}: ${where}`)
        } else value += c
      }
      if (label[1] in labels) throw new Error(`label ${label[1]} twice: ${where}`)
      labels[label[1]] = value
      if (line[at] === ',') at++
      else if (line[at] !== '}') throw new Error(`expected , or } at ${at}: ${where}`)
    }
    at++
  }
  const rest = line.slice(at)
  const tail = /^ ([^ ]+)(?: (-?\d+))?$/.exec(rest)
  if (!tail) throw new Error(`bad value part: ${where}`)
  return { name, labels, value: parseValue(tail[1], where) }
}

/** Go's ParseFloat, which Prometheus reads values with: the special values in any case ("NaN", "Nan", "+Inf"). */
function parseValue(text: string, where: string): number {
  const lower = text.toLowerCase()
  if (lower === '+inf' || lower === 'inf') return Infinity
  if (lower === '-inf') return -Infinity
  if (lower === 'nan') return NaN
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new Error(`bad number ${text}: ${where}`)
  return Number(text)
}

function unescapeHelp(text: string, where: string): string {
  return text.replace(/\\(.)/g, (_, e: string) => {
    if (e === 'n') return '\n'
    if (e === '\\') return '\\'
    throw new Error(`bad escape in HELP: ${where}`)
  })
}

/** The le="…" buckets of a histogram's series (one label set besides le), in the order written. */
export function bucketsOf(family: MetricFamily, labels: Record<string, string> = {}): { le: number; count: number }[] {
  const same = (s: Sample) => Object.entries(labels).every(([k, v]) => s.labels[k] === v)
  return family.samples
    .filter((s) => s.name === `${family.name}_bucket` && same(s))
    .map((s) => {
      if (s.labels.le === undefined) throw new Error(`a bucket without le in ${family.name}`)
      return { le: s.labels.le === '+Inf' ? Infinity : Number(s.labels.le), count: s.value }
    })
}

/** A sample's value by name and labels (exactly those labels), or undefined. */
export function sampleValue(family: MetricFamily | undefined, name: string, labels: Record<string, string> = {}): number | undefined {
  const keys = Object.keys(labels)
  return family?.samples.find((s) => s.name === name && Object.keys(s.labels).length === keys.length && keys.every((k) => s.labels[k] === labels[k]))?.value
}
