import type { Repos } from './store'

/** A store's autocommit repositories as properties: every engine's Store extends this. */
export abstract class StoreRepos implements Repos {
  protected abstract readonly repos: Repos

  get jobs() {
    return this.repos.jobs
  }
  get groups() {
    return this.repos.groups
  }
  get runs() {
    return this.repos.runs
  }
  get ring() {
    return this.repos.ring
  }
  get registry() {
    return this.repos.registry
  }
  get settings() {
    return this.repos.settings
  }
  get reports() {
    return this.repos.reports
  }
  get links() {
    return this.repos.links
  }
  get glue() {
    return this.repos.glue
  }
  get logTexts() {
    return this.repos.logTexts
  }
  get versions() {
    return this.repos.versions
  }
  get nodes() {
    return this.repos.nodes
  }
  get leases() {
    return this.repos.leases
  }
  get routes() {
    return this.repos.routes
  }
  get users() {
    return this.repos.users
  }
  get sessions() {
    return this.repos.sessions
  }
  get apiTokens() {
    return this.repos.apiTokens
  }
  get audit() {
    return this.repos.audit
  }
  get flows() {
    return this.repos.flows
  }
  get flowRuns() {
    return this.repos.flowRuns
  }
  get flowItems() {
    return this.repos.flowItems
  }
  get origins() {
    return this.repos.origins
  }
  get alerts() {
    return this.repos.alerts
  }
  get hooks() {
    return this.repos.hooks
  }
  get hookUses() {
    return this.repos.hookUses
  }
  get missedSlots() {
    return this.repos.missedSlots
  }
  get backfills() {
    return this.repos.backfills
  }
  get pools() {
    return this.repos.pools
  }
  get poolSlots() {
    return this.repos.poolSlots
  }
  get calendars() {
    return this.repos.calendars
  }
  get windows() {
    return this.repos.windows
  }
  get deadlines() {
    return this.repos.deadlines
  }
  get alarmPolicy() {
    return this.repos.alarmPolicy
  }
  get alarmList() {
    return this.repos.alarmList
  }
  get runViews() {
    return this.repos.runViews
  }
  get secrets() {
    return this.repos.secrets
  }
  get artifacts() {
    return this.repos.artifacts
  }
  get llmProviders() {
    return this.repos.llmProviders
  }
}
