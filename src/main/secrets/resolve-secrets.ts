import { layoutParam, referencesIn, type PlacementProblem } from '../../shared/flow-references'
import { jsonStringContent } from '../../shared/json-template-scan'

/**
 * Secrets go into a run's request here, and only here: at trigger time, right before the request
 * leaves for its executor. The run's row keeps `${secrets.NAME}` as written, so neither job_log, an
 * export nor the audit trail ever holds a value.
 */

/** The secret names `${secrets.NAME}` references of `template` name, once each, in order. */
export function secretNamesIn(template: string): string[] {
  const names = new Set<string>()
  for (const { reference } of referencesIn(template)) if (reference?.kind === 'secret') names.add(reference.name)
  return [...names]
}

export type SecretFill = { ok: true; value: string } | { ok: false; problem: PlacementProblem } | { ok: false; missing: string[] }

/**
 * `template` with each secret reference replaced by its value, escaped for the place it stands (as a
 * flow's values are: src/shared/flow-references.ts): a value is data, never syntax — it can end
 * neither a JSON string nor choose a request's host. A name without a value, or a reference that
 * cannot be placed, refuses the whole request: a half-filled request is never sent.
 */
export function fillSecrets(template: string, values: ReadonlyMap<string, string>, readsRequest = false): SecretFill {
  const layout = layoutParam(template, readsRequest, 'secret')
  if (layout.problems.length > 0) return { ok: false, problem: layout.problems[0] }
  const missing = new Set<string>()
  let value = ''
  let from = 0
  for (const at of layout.placed) {
    if (at.reference.kind !== 'secret') continue
    const secret = values.get(at.reference.name)
    if (secret === undefined) {
      missing.add(at.reference.name)
      continue
    }
    const escaped = at.place === 'text' ? secret : at.place === 'jsonString' ? jsonStringContent(secret) : `"${jsonStringContent(secret)}"`
    value += template.slice(from, at.start) + escaped
    from = at.end
  }
  if (missing.size > 0) return { ok: false, missing: [...missing] }
  return { ok: true, value: value + template.slice(from) }
}

/**
 * `template` with each secret reference replaced by its value as it is (or by `encode(value)`),
 * whatever the text looks like: for a configuration's single values (a URL, a header), which are
 * never read as structure. A name not in `values` stays as written (the caller checked them).
 */
export function fillSecretsAsText(template: string, values: ReadonlyMap<string, string>, encode: (value: string) => string = (v) => v): string {
  let value = ''
  let from = 0
  for (const at of referencesIn(template)) {
    if (at.reference?.kind !== 'secret' || !values.has(at.reference.name)) continue
    value += template.slice(from, at.start) + encode(values.get(at.reference.name)!)
    from = at.end
  }
  return value + template.slice(from)
}
