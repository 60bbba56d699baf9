import type { DefinitionOrigin } from '../../../../shared/definition-origin'
import { flowOrigin, jobOrigin } from '../../lib/definitions/origin-index'
import type { JobDeskState } from '../state'

/** A job's origin; undefined while its group is not known (its app name is part of the key) or when not from a file. */
export const selectJobOrigin =
  (appName: string | undefined, name: string) =>
  (s: JobDeskState): DefinitionOrigin | undefined =>
    appName === undefined ? undefined : jobOrigin(s.definitionOrigins, appName, name)

export const selectFlowOrigin =
  (name: string) =>
  (s: JobDeskState): DefinitionOrigin | undefined =>
    flowOrigin(s.definitionOrigins, name)
