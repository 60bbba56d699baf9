/** One sample line of the text exposition format: name, optional labels, value (and an optional timestamp). */
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?[ \t]+(\S+)(?:[ \t]+(-?\d+))?$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g

/**
 * The exposition `text` with the label `label` taken off every sample, and the samples that then
 * name the same series added up: per-group series become their totals (a histogram's buckets,
 * counts and sums stay a histogram, summed bucket by bucket). Comments and samples without the
 * label pass through unchanged, in their order; a summed sample takes the place of its first part.
 */
export function withoutLabel(text: string, label: string): string {
  const out: (string | { series: string })[] = []
  const sums = new Map<string, number>()
  for (const line of text.split('\n')) {
    const match = line.startsWith('#') ? null : SAMPLE.exec(line)
    if (!match || match[2] === undefined) {
      out.push(line)
      continue
    }
    const [, name, labels, value] = match
    const pairs = [...labels.matchAll(LABEL)]
    const kept = pairs.filter(([, key]) => key !== label)
    if (kept.length === pairs.length) {
      out.push(line)
      continue
    }
    const series = kept.length === 0 ? name : `${name}{${kept.map(([pair]) => pair).join(',')}}`
    if (!sums.has(series)) out.push({ series })
    sums.set(series, (sums.get(series) ?? 0) + Number(value))
  }
  return out.map((part) => (typeof part === 'string' ? part : `${part.series} ${formatValue(sums.get(part.series)!)}`)).join('\n')
}

function formatValue(value: number): string {
  if (value === Infinity) return '+Inf'
  if (value === -Infinity) return '-Inf'
  return String(value)
}
