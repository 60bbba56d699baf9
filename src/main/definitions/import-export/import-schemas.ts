import { LINK_CONDITIONS } from '../../../shared/model'
import { describeValue } from '../../../shared/schema/describe-value'
import { inputProblems, type InputProblem } from '../../../shared/schema/parse-input'
import { appName, epochMs, executorAddressProblem, GROUP_NAME_MAX_CHARS, requiredText, trimmedText } from '../../../shared/schema/primitives'
import { z } from '../../../shared/schema/z'
import { codedIssue } from '../../../shared/messages/coded-errors'
import { EXPORT_FORMAT, EXPORT_VERSION, FLOW_SETTING_FIELDS, FLOWS_SINCE_VERSION, JOB_FIELDS, type ExportedGroup, type ExportedLink } from './export-document'
import { englishMessage, type MessageCode } from '../../../shared/messages'
import type { ImportProblems, ProblemLabel } from './import-problems'
import { joinAddressList, splitAddressList } from '../../../shared/address-list'

/**
 * The shapes of an export document's parts, with the same rules as the editors (the app-name rule
 * of the group editor, the job schema for job fields). What ties the parts together — keys, groups
 * by app name, cycles — is the planners' to check.
 */

/** What kind of file it is: a wrong kind or a newer version stops the import before any part is read. */
export const documentKindSchema = z.looseObject({
  format: z.literal(EXPORT_FORMAT, { error: (issue) => `must be '${EXPORT_FORMAT}', got ${describeValue(issue.input)}; this is not a JobDesk job export` }),
  version: z
    .int()
    .min(1)
    .max(EXPORT_VERSION, {
      error: (issue) => `the file is version ${String(issue.input)}, written by a newer JobDesk; this one reads version ${EXPORT_VERSION}`,
    }),
})

const listOf = (what: string) => z.array(z.unknown(), { error: (issue) => `must be a list of ${what} (may be empty), got ${describeValue(issue.input)}` })

const versionOneParts = {
  format: z.unknown(),
  version: z.unknown(),
  exportedAtMs: epochMs.optional(),
  groups: listOf('executor groups'),
  jobs: listOf('jobs'),
  links: listOf('links'),
}
const versionOneSchema = z.strictObject(versionOneParts)
const withFlowsSchema = z.strictObject({ ...versionOneParts, flows: listOf('flows') })

/**
 * The document's own fields for its version (documentKindSchema vouched for it): its parts are lists,
 * nothing else is in it. A version 1 document has no `flows`; from version 2 it must list them.
 */
export function documentPartsSchema(version: number): z.ZodType {
  return version >= FLOWS_SINCE_VERSION ? withFlowsSchema : versionOneSchema
}

/** A field of a version 1 document that only later versions have: the problem says which version brought it. */
export const DOCUMENT_HINTS = { flows: 'import.flowsInVersionOne' } as const

export const importedGroupSchema = z
  .strictObject({
    appName,
    name: requiredText(GROUP_NAME_MAX_CHARS),
    addressType: z.custom<0 | 1>((value) => value === 0 || value === 1, {
      error: (issue) => englishMessage('import.addressType', { got: describeValue(issue.input) }),
      params: { code: 'import.addressType' },
    }),
    addressList: trimmedText(2000).default(''),
  })
  .transform((group, context): ExportedGroup => {
    const addresses = splitAddressList(group.addressList)
    if (group.addressType === 0 && addresses.length > 0) {
      context.addIssue(codedIssue('import.autoWithAddresses', {}, ['addressList']))
    } else if (group.addressType === 1 && addresses.length === 0) {
      context.addIssue(codedIssue('group.addressRequired', {}, ['addressList']))
    }
    for (const address of addresses) {
      const bad = executorAddressProblem(address)
      if (bad) context.addIssue(codedIssue(bad.code, bad.params, ['addressList']))
    }
    return { ...group, addressList: group.addressType === 1 ? joinAddressList(addresses) : '' }
  })

export const importedLinkSchema = z.strictObject({
  parentKey: z.string().min(1).max(200),
  childKey: z.string().min(1).max(200),
  condition: z.enum(LINK_CONDITIONS),
}) satisfies z.ZodType<ExportedLink>

/**
 * A document job's own fields (its job fields pass as they are: the job schema checks them); any
 * other field is unknown.
 */
export const importedJobSchema = z.strictObject({
  key: z.string().min(1).max(200),
  appName: z.string().trim().min(1).max(64),
  enabled: z.boolean().default(false),
  ...Object.fromEntries(JOB_FIELDS.map((field) => [field, z.unknown().optional()])),
})

/** A job node's job by the document's job key; every other field of a node is the flow rules' to check. */
export const importedFlowJobNodeSchema = z.looseObject({ jobKey: z.string().min(1).max(200) })

/**
 * A document flow's own field (`active`); its settings, nodes and edges pass as they are (the flow
 * rules check them, once job keys are resolved); any other field is unknown.
 */
export const importedFlowSchema = z.strictObject({
  active: z.boolean().default(false),
  ...Object.fromEntries([...FLOW_SETTING_FIELDS, 'nodes', 'edges'].map((field) => [field, z.unknown().optional()])),
})

/**
 * Adds every problem of `value` against `schema` under `path`; returns the value when it has none.
 * `hints` replace the message of an unknown field that is a known mistake (`accessToken`, `id`);
 * `label` names what the problems are about when the path alone does not say it plainly.
 */
export function collectProblems<S extends z.ZodType>(
  schema: S,
  value: unknown,
  path: string,
  problems: ImportProblems,
  hints: Readonly<Record<string, MessageCode>> = {},
  label: ProblemLabel = {},
): z.output<S> | null {
  const result = inputProblems(schema, value, '')
  if (result.ok) return result.value
  for (const problem of result.problems) {
    const hint = hintFor(problem, hints)
    if (hint) problems.add(joinPath(path, problem), hint, {}, label)
    else problems.addReported(joinPath(path, problem), problem, label)
  }
  return null
}

function joinPath(path: string, problem: InputProblem): string {
  if (problem.field === '') return path
  return problem.field.startsWith('[') ? `${path}${problem.field}` : `${path}.${problem.field}`
}

function hintFor(problem: InputProblem, hints: Readonly<Record<string, MessageCode>>): MessageCode | undefined {
  if (problem.code !== 'validation.unknownField') return undefined
  return hints[problem.field.split('.').pop() ?? '']
}
