import { describe, expect, it } from 'vitest'
import { ConflictError, ValidationError } from '../../../../../shared/errors'
import { flowSaveProblem } from './flow-save-error'

const keys = ['extract', 'load']

describe('flowSaveProblem', () => {
  it('puts a refused setting on its field as well as in the message', () => {
    const problem = flowSaveProblem(new ValidationError('name', 'is required', { code: 'validation.required' }), 'en', keys)
    expect(problem.field?.name).toBe('name')
    expect(problem.message).toMatch(/^Name: /)
    expect(problem.message.endsWith(problem.field!.rule)).toBe(true)
    expect(problem.nodeKey).toBeNull()
  })

  it('finds the node a refusal is about by its key parameter or its field path', () => {
    expect(flowSaveProblem(new ConflictError('unknown job', { code: 'flow.unknownJob', params: { key: 'load' } }), 'en', keys).nodeKey).toBe('load')
    expect(flowSaveProblem(new ValidationError('nodes[0].param', 'is too long'), 'en', keys).nodeKey).toBe('extract')
    expect(flowSaveProblem(new ValidationError('nodes.7.key', 'is bad'), 'en', keys).nodeKey).toBeNull()
  })

  it('keeps the core’s words for an error it does not know, and names no field or node', () => {
    expect(flowSaveProblem(new Error('socket closed'), 'zh-CN', keys)).toEqual({ message: 'socket closed', field: null, nodeKey: null })
  })
})
