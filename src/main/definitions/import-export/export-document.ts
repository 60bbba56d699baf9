import { DEADLINE_FIELDS } from '../../../shared/deadline-terms'
import type { FlowApprovalNodeDef, FlowEdge, FlowJobNodeDef, FlowSettings, FlowSubflowNodeDef, FlowSwitchNodeDef } from '../../../shared/flow-types'
import { JOB_DEFINITION_FIELDS } from '../../../shared/job-defaults'
import type { JobInput, LinkCondition } from '../../../shared/model'

/** The `format` tag of a JobDesk job export. */
export const EXPORT_FORMAT = 'jobdesk.jobs'
/**
 * The newest document version this build writes and reads. Bump it when a field is added or changes
 * meaning. Older versions are still read: version 1 is version 2 without `flows`.
 */
export const EXPORT_VERSION = 2
/** The first version whose documents carry `flows`. */
export const FLOWS_SINCE_VERSION = 2

/** A job's definition without its id and group id: what an export carries and an import sets. */
export type JobFields = Omit<JobInput, 'id' | 'jobGroup'>

/** Every field of {@link JobFields}, in the order an export writes them. */
export const JOB_FIELDS = JOB_DEFINITION_FIELDS

/**
 * An executor group as exported: identified by `appName` (ids differ between installs). No access
 * token and no detected protocol generation; for an automatic group (`addressType` 0) the address
 * list is the registry's and is exported empty.
 */
export interface ExportedGroup {
  appName: string
  name: string
  addressType: 0 | 1
  addressList: string
}

/**
 * A job as exported: every field an operator sets, its group by `appName`, a `key` unique in the
 * document that links refer to (the source job id as text), and whether it was started. Runtime
 * state (last/next fire times, add/update times) is not exported; an import recomputes it.
 */
export interface ExportedJob extends JobFields {
  key: string
  appName: string
  enabled: boolean
}

/** A child-job link between two jobs of the same document, by their keys. */
export interface ExportedLink {
  parentKey: string
  childKey: string
  condition: LinkCondition
}

/** Every setting of a flow, in the order an export writes them (its graph and schedule state aside). */
export const FLOW_SETTING_FIELDS = [
  'name',
  'description',
  'scheduleType',
  'scheduleConf',
  'timezone',
  'calendar',
  'calendarRule',
  'calendarRoll',
  'misfireStrategy',
  'maxActiveRuns',
  'overlap',
  'timeoutSec',
  'alarmEmail',
  'alarmAfterFailures',
  'alarmQuietSec',
  'param',
  ...DEADLINE_FIELDS,
  'params',
  'paramFormat',
  'paramTemplate',
] as const satisfies readonly (keyof FlowSettings)[]

// Fails to compile when FlowSettings gains a setting the list does not name.
type UnlistedFlowSetting = Exclude<keyof FlowSettings, (typeof FLOW_SETTING_FIELDS)[number]>
const allFlowSettingsListed: [UnlistedFlowSetting] extends [never] ? true : never = true
void allFlowSettingsListed

/** A job node as exported: its job by the document's job `key`, since job ids differ between installs. */
export interface ExportedFlowJobNode extends Omit<FlowJobNodeDef, 'kind' | 'jobId'> {
  kind: 'job'
  jobKey: string
}

/** A subflow node as exported: its flow by `flow` name, since flow ids differ between installs. */
export interface ExportedFlowSubflowNode extends Omit<FlowSubflowNodeDef, 'flowId'> {
  flow: string
}

export type ExportedFlowNode = ExportedFlowJobNode | FlowApprovalNodeDef | ExportedFlowSubflowNode | FlowSwitchNodeDef

/**
 * A flow as exported: its settings, whether its schedule was active, and its graph (approval nodes
 * as they are). Identified by `name` (unique per install); its runs and schedule bookkeeping (last
 * and next fire times) are not exported, an import computes the next fire time.
 */
export interface ExportedFlow extends FlowSettings {
  active: boolean
  nodes: ExportedFlowNode[]
  edges: FlowEdge[]
}

/** A versioned JSON document of job definitions (`JSON.stringify` it as is). */
export interface ExportDocument {
  format: typeof EXPORT_FORMAT
  version: typeof EXPORT_VERSION
  exportedAtMs: number
  groups: ExportedGroup[]
  jobs: ExportedJob[]
  links: ExportedLink[]
  flows: ExportedFlow[]
}
