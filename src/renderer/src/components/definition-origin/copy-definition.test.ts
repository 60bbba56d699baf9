import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DefinitionOrigin } from '../../../../shared/definition-origin'
import type { DefinitionDocument } from '../../../../shared/schema/definition-files'
import { setClient } from '../../api/client'
import { fakeClient } from '../../api/fake-client'
import { copyDefinitionYaml } from './copy-definition'

const job: DefinitionOrigin = { kind: 'Job', key: 'billing/report', file: 'jobs/report.yaml', appliedAtMs: 1000 }
const exported: DefinitionDocument[] = [
  { kind: 'Group', name: 'billing' },
  { kind: 'Job', name: 'report', group: 'billing', handler: 'reportHandler' },
]

afterEach(() => setClient(null))

describe('copyDefinitionYaml', () => {
  it('exports the object by its key and copies its own document, not the group that came along', async () => {
    const exportDefinitions = vi.fn(async () => exported)
    setClient(fakeClient({ exportDefinitions }))
    const write = vi.fn(async () => true)
    expect(await copyDefinitionYaml(job, write)).toEqual({ outcome: 'copied' })
    expect(exportDefinitions).toHaveBeenCalledWith({ names: ['billing/report'] })
    expect(write).toHaveBeenCalledWith('kind: Job\nname: report\ngroup: billing\nhandler: reportHandler\n')
  })

  it('hands the text back when the clipboard cannot be written, and says when the export lacks the object', async () => {
    setClient(fakeClient({ exportDefinitions: async () => exported }))
    const shown = await copyDefinitionYaml(job, async () => false)
    expect(shown).toEqual({ outcome: 'shown', yaml: expect.stringContaining('kind: Job\n') })

    const flow: DefinitionOrigin = { kind: 'Flow', key: 'nightly', file: 'flows/nightly.yaml', appliedAtMs: 1000 }
    expect(await copyDefinitionYaml(flow, async () => true)).toEqual({ outcome: 'missing' })
  })
})
