import { explainFailure } from './explain-failure'
import { decideApproval, getFlowRun, listFlows, retryFlowRun } from './flow-tools'
import { getJob, listJobs, setJobActive, triggerJob } from './job-tools'
import type { McpTool } from './mcp-tool'
import { getRun, getRunLog, killRun, listRuns } from './run-tools'
import { getSchedule, listExecutors, listQueue } from './system-tools'

/**
 * Every tool, in the order an agent reads them: the read tools (listed to every MCP token), then
 * the operate tools (listed to operate tokens only; a read token's call of one is refused and audited).
 */
export const MCP_TOOLS: readonly McpTool[] = [
  listJobs,
  getJob,
  listRuns,
  getRun,
  getRunLog,
  explainFailure,
  listFlows,
  getFlowRun,
  getSchedule,
  listQueue,
  listExecutors,
  triggerJob,
  retryFlowRun,
  killRun,
  setJobActive,
  decideApproval,
]

export const TOOLS_BY_NAME: ReadonlyMap<string, McpTool> = new Map(MCP_TOOLS.map((t) => [t.name, t]))
