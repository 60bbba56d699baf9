import { GlueRepo } from './glue-repo'
import { GroupRepo } from './group-repo'
import { JobRepo } from './job-repo'
import { LinkRepo } from './link-repo'
import { LogTextRepo } from './log-text-repo'
import type { Db } from './open-database'
import { RegistryRepo } from './registry-repo'
import { ReportRepo } from './report-repo'
import { RingRepo } from './ring-repo'
import { RunRepo } from './run-repo'
import { SettingRepo } from './setting-repo'

/**
 * One connection's repositories. Callers never write SQL; they take the repos they need and run
 * multi-step work inside `transaction` (BEGIN IMMEDIATE: take the write lock up front, so two
 * processes wait on busy_timeout instead of failing half-way).
 */
export class Store {
  readonly jobs: JobRepo
  readonly groups: GroupRepo
  readonly runs: RunRepo
  readonly ring: RingRepo
  readonly registry: RegistryRepo
  readonly settings: SettingRepo
  readonly reports: ReportRepo
  readonly links: LinkRepo
  readonly glue: GlueRepo
  readonly logTexts: LogTextRepo
  private readonly lockStmt
  private readonly dataVersionStmt

  constructor(readonly db: Db) {
    this.jobs = new JobRepo(db)
    this.groups = new GroupRepo(db)
    this.runs = new RunRepo(db)
    this.ring = new RingRepo(db)
    this.registry = new RegistryRepo(db)
    this.settings = new SettingRepo(db)
    this.reports = new ReportRepo(db)
    this.links = new LinkRepo(db)
    this.glue = new GlueRepo(db)
    this.logTexts = new LogTextRepo(db)
    this.dataVersionStmt = db.prepare('PRAGMA data_version')
    this.lockStmt = db.prepare("UPDATE job_lock SET lock_name = lock_name WHERE lock_name = 'schedule_lock'")
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate()
  }

  /**
   * Runs `work` holding the cluster-wide schedule lock: a write transaction that starts by writing
   * the `schedule_lock` row of `job_lock` (XXL-JOB's `SELECT … FOR UPDATE`). SQLite has one writer
   * per file, so a second JobDesk process on the same database waits here until this commits.
   */
  withScheduleLock<T>(work: () => T): T {
    return this.transaction(() => {
      this.lockStmt.run()
      return work()
    })
  }

  /** Changes whenever another connection (another process) commits to the database file. */
  dataVersion(): number {
    return this.dataVersionStmt.pluck().get() as number
  }

  close(): void {
    this.db.close()
  }
}
