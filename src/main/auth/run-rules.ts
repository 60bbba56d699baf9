import type { RunFilter } from '../../shared/api'
import type { MethodRule } from './method-rule-types'
import { requireOperates, requireSees } from './refusal'

/** A read of one run (by log id, or `{ logId }`) the principal must see. */
const runRead: MethodRule = {
  async allow(ctx, [arg]) {
    const logId: number = typeof arg === 'number' ? arg : arg.logId
    const run = await ctx.core.getRun(logId)
    requireSees(ctx.principal, run.jobGroup, { code: 'run.notFound', id: logId })
    return { groupId: run.jobGroup, target: `run ${logId}` }
  },
}

/** Runs and their logs: read by who sees the run's group, re-run and killed by who operates it. */
export const RUN_RULES = {
  listRuns: {
    async allow(ctx, [filter]: [RunFilter | undefined]) {
      const granted = ctx.principal.groupIds
      if (granted === null) return {}
      const asked = filter?.jobGroups
      const jobGroups = asked === undefined ? [...granted] : asked.filter((id) => granted.includes(id))
      return { args: [{ ...filter, jobGroups }] }
    },
  },
  getRun: runRead,
  // The run's files are read as its log is: by who sees the run's group. Reads are not audited.
  listArtifacts: {
    allow: (ctx, [request]: [{ runId: number }]) => runRead.allow(ctx, [request.runId]),
  },
  rerunRun: {
    action: 'run.rerun',
    async allow(ctx, [logId]) {
      const run = await ctx.core.getRun(logId)
      requireOperates(ctx.principal, run.jobGroup, ctx.method, { code: 'run.notFound', id: logId })
      return { groupId: run.jobGroup, target: `run ${logId}`, params: { logId, jobId: run.jobId } }
    },
    after: (result: { logIds: number[] }) => ({ logIds: result.logIds }),
  },
  killRun: {
    action: 'run.kill',
    async allow(ctx, [logId, options]) {
      const run = await ctx.core.getRun(logId)
      requireOperates(ctx.principal, run.jobGroup, ctx.method, { code: 'run.notFound', id: logId })
      const retry = (options as { retry?: boolean } | undefined)?.retry ?? true
      // The caller's name goes into the run's message ("Killed by …").
      return { groupId: run.jobGroup, target: `run ${logId}`, params: { logId, jobId: run.jobId, retry }, args: [logId, { retry }, ctx.principal.name] }
    },
    after: (run: { handleCode: number; handleMsg: string }) => ({ handleCode: run.handleCode, handleMsg: run.handleMsg }),
  },
  getRunLog: runRead,
  watchRunLog: runRead,
  unwatchRunLog: runRead,
} satisfies Record<string, MethodRule>
