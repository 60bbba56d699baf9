import { describe, expect, it } from 'vitest'
import { parseLlmJobParam } from './llm-job-param'

describe('parseLlmJobParam', () => {
  it.each([
    ['Summarize the incident', { prompt: 'Summarize the incident', json: false }],
    ['{"prompt": "Classify", "system": "Be brief", "responseFormat": "json"}', { prompt: 'Classify', system: 'Be brief', json: true }],
    ['{"prompt": "Classify", "responseFormat": "text"}', { prompt: 'Classify', json: false }],
    // JSON without a prompt, or not an object, is a prompt like any text.
    ['{"severity": "high"}', { prompt: '{"severity": "high"}', json: false }],
    ['[1, 2]', { prompt: '[1, 2]', json: false }],
    ['{not json', { prompt: '{not json', json: false }],
  ])('reads %s', (param, expected) => {
    expect(parseLlmJobParam(param)).toEqual(expected)
  })

  it.each([
    ['', 'the parameter is the prompt, and it is empty'],
    ['{"prompt": "  "}', '"prompt" is empty'],
    ['{"prompt": "x", "temperature": 1}', 'unknown field "temperature"'],
    ['{"prompt": "x", "system": 3}', '"system" must be a string'],
    ['{"prompt": "x", "responseFormat": "yaml"}', '"responseFormat" must be "json" or "text", got "yaml"'],
  ])('refuses %s, saying why', (param, why) => {
    expect(parseLlmJobParam(param)).toContain(why)
  })
})
