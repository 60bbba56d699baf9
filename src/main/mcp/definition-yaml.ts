import { stringify } from 'yaml'
import type { JobDeskApi } from '../../shared/api'
import { jobOriginKey } from '../../shared/definition-origin'
import type { Flow } from '../../shared/flow-types'
import type { JobInfo } from '../../shared/model'
import type { DefinitionDocument } from '../../shared/schema/definition-files'
import { definitionsOf } from '../definitions/files/definitions-of'

type Reads = Pick<JobDeskApi, 'listGroups' | 'listJobs' | 'listLinks'>

/** YAML as `jobdesk export` writes it: long lines kept whole, scripts as block text. */
function yamlOf(document: DefinitionDocument): string {
  return stringify(document, { lineWidth: 0, aliasDuplicateObjects: false })
}

/**
 * A job as its definition file says it (docs/definitions-as-code.md), from what the caller reads:
 * the jobs, groups and links of its own groups, so a child in a group it does not see is left out.
 * References stay references (`${secrets.NAME}`, an env's `secrets.NAME`): no value is in a file.
 */
export async function jobDefinitionYaml(api: Reads, job: JobInfo, appName: string): Promise<string> {
  const [groups, jobs, links] = await Promise.all([api.listGroups(), api.listJobs(), api.listLinks()])
  const documents = definitionsOf({ calendars: [], groups, jobs, links, flows: [] }, [jobOriginKey(appName, job.name)])
  const own = documents.find((d) => d.kind === 'Job' && d.name === job.name && d.group === appName)
  return own ? yamlOf(own) : ''
}

/** A flow as its definition file says it (its nodes' jobs by group and name). */
export async function flowDefinitionYaml(api: Reads, flow: Flow): Promise<{ yaml: string; group: string }> {
  const [groups, jobs] = await Promise.all([api.listGroups(), api.listJobs()])
  const documents = definitionsOf({ calendars: [], groups, jobs, links: [], flows: [flow] }, [flow.name])
  const own = documents.find((d) => d.kind === 'Flow' && d.name === flow.name)
  if (!own || own.kind !== 'Flow') return { yaml: '', group: '' }
  return { yaml: yamlOf(own), group: own.group ?? '' }
}
