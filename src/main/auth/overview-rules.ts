import type { AlarmHealth, ClusterView, Overview } from '../../shared/api'
import { seesGroup } from '../../shared/principal'
import { admin, anyone } from './common-rules'
import type { MethodRule } from './method-rule-types'

/** The cluster as a non-admin sees it: the nodes and their health, not the database's path or every group's planned fires. */
function withoutServerFigures(view: ClusterView): ClusterView {
  return { ...view, location: null, nodes: view.nodes.map((node) => ({ ...node, ringRows: null })) }
}

/** The dashboard's and the cluster page's reads: everyone's, each narrowed to the groups the caller sees. */
export const OVERVIEW_RULES = {
  getOverview: {
    ...anyone,
    async narrow(ctx, overview: Overview) {
      if (ctx.principal.groupIds === null) return overview
      const jobs = (await ctx.core.listJobs()).filter((j) => seesGroup(ctx.principal, j.jobGroup))
      const ids = new Set(jobs.map((j) => j.id))
      return {
        ...overview,
        jobCount: jobs.length,
        activeJobCount: jobs.filter((j) => j.triggerStatus === 1).length,
        nextFires: overview.nextFires.filter((f) => ids.has(f.jobId)),
        demoJobIds: [],
      }
    },
  },
  getAlarmHealth: {
    ...anyone,
    // A group-limited user hears of the jobs, runs and executors of their groups only (counted by the
    // database, not by reading every job); lost nodes concern everyone.
    async allow(ctx) {
      return ctx.principal.groupIds === null ? {} : { args: [{ groupIds: [...ctx.principal.groupIds] }] }
    },
    async narrow(ctx, health: AlarmHealth) {
      if (ctx.principal.groupIds === null) return health
      const apps = new Set((await ctx.core.listGroups()).filter((g) => seesGroup(ctx.principal, g.id)).map((g) => g.appName))
      return {
        ...health,
        recentAlerts: health.recentAlerts.filter((a) => a.kind !== 'executorDead' || apps.has(a.subject.split(' ')[0])),
      }
    },
  },
  getDailyReport: anyone,
  removeDemoJobs: admin('jobs.demoRemove'),
  getCluster: {
    ...anyone,
    async narrow(ctx, view: ClusterView) {
      return ctx.principal.role === 'admin' ? view : withoutServerFigures(view)
    },
  },
  rotateClusterSecret: admin('cluster.rotateSecret'),
} satisfies Record<string, MethodRule>
