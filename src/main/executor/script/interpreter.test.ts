import { describe, expect, it } from 'vitest'
import { interpreterFor } from './interpreter'

const node = { execPath: '/usr/bin/node', electronVersion: undefined }
const electron = { execPath: '/opt/JobDesk/jobdesk', electronVersion: '41.7.1' }

describe('interpreterFor', () => {
  it("runs GLUE_NODEJS with the app's own runtime, never whatever node is on PATH", () => {
    expect(interpreterFor('GLUE_NODEJS', undefined, node)).toEqual({ command: '/usr/bin/node', env: {}, origin: 'app runtime' })
  })

  it('asks the Electron binary to act as Node, and only the Electron binary', () => {
    expect(interpreterFor('GLUE_NODEJS', undefined, electron)).toEqual({
      command: '/opt/JobDesk/jobdesk',
      env: { ELECTRON_RUN_AS_NODE: '1' },
      origin: 'app runtime',
    })
    expect(interpreterFor('GLUE_NODEJS', '/usr/local/bin/node20', electron)).toEqual({ command: '/usr/local/bin/node20', env: {}, origin: 'configured' })
  })

  it('uses the configured interpreter when there is one, and PATH commands for the other types', () => {
    expect(interpreterFor('GLUE_NODEJS', 'node', node)).toMatchObject({ command: 'node', origin: 'configured' })
    expect(interpreterFor('GLUE_PYTHON', '/x/node', electron)).toEqual({ command: 'python3', env: {}, origin: 'path' })
    expect(interpreterFor('GLUE_SHELL', undefined, node).command).toBe('bash')
    expect(interpreterFor('GLUE_POWERSHELL', undefined, node).command).toBe('pwsh')
  })
})
