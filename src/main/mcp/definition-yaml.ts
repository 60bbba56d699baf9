import { stringify } from 'yaml'
import type { JobDeskApi } from '../../shared/api'
import { jobOriginKey } from '../../shared/definition-origin'
import type { Flow } from '../../shared/flow-types'
import type { JobGroup, JobInfo, JobLink } from '../../shared/model'
import type { DefinitionDocument } from '../../shared/schema/definition-files'
import { definitionsOf } from '../definitions/files/definitions-of'

/** What a definition is written from, as the caller reads it: the jobs, groups and links of its own groups. */
export interface DefinitionReads {
  groups: readonly JobGroup[]
  jobs: readonly JobInfo[]
  links: readonly JobLink[]
}

export async function readDefinitions(api: Pick<JobDeskApi, 'listGroups' | 'listJobs' | 'listLinks'>): Promise<DefinitionReads> {
  const [groups, jobs, links] = await Promise.all([api.listGroups(), api.listJobs(), api.listLinks()])
  return { groups, jobs, links }
}

/** YAML as `jobdesk export` writes it: long lines kept whole, scripts as block text. */
function yamlOf(document: DefinitionDocument): string {
  return stringify(document, { lineWidth: 0, aliasDuplicateObjects: false })
}

/**
 * A job as its definition file says it (docs/definitions-as-code.md); a child in a group the caller
 * does not see is left out. References stay references (`${secrets.NAME}`, an env's
 * `secrets.NAME`): no value is in a file.
 */
export function jobDefinitionYaml(reads: DefinitionReads, job: JobInfo, appName: string): string {
  const documents = definitionsOf({ calendars: [], flows: [], ...reads }, [jobOriginKey(appName, job.name)])
  const own = documents.find((d) => d.kind === 'Job' && d.name === job.name && d.group === appName)
  return own ? yamlOf(own) : ''
}

/** A flow as its definition file says it (its nodes' jobs by group and name), and the file's group ('' when none). */
export function flowDefinitionYaml(reads: DefinitionReads, flow: Flow): { yaml: string; group: string } {
  const documents = definitionsOf({ calendars: [], groups: reads.groups, jobs: reads.jobs, links: [], flows: [flow] }, [flow.name])
  const own = documents.find((d) => d.kind === 'Flow' && d.name === flow.name)
  if (!own || own.kind !== 'Flow') return { yaml: '', group: '' }
  return { yaml: yamlOf(own), group: own.group ?? '' }
}
