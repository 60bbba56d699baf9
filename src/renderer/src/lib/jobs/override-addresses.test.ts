import { describe, expect, it } from 'vitest'
import { overrideAddresses } from './override-addresses'

describe('overrideAddresses', () => {
  it('counts the text still in the field as an address, before Enter', () => {
    expect(overrideAddresses([], ['http://127.0.0.1:9998/'], ' http://127.0.0.1:9997/ ')).toEqual(['http://127.0.0.1:9998/', 'http://127.0.0.1:9997/'])
  })

  it('splits pasted comma-separated text and drops blanks and repeats', () => {
    expect(overrideAddresses(['http://127.0.0.1:9999/'], [], 'http://127.0.0.1:9999/, ,http://127.0.0.1:9996/')).toEqual([
      'http://127.0.0.1:9999/',
      'http://127.0.0.1:9996/',
    ])
  })

  it('is empty, so the route strategy picks, when nothing is picked, typed or left in the field', () => {
    expect(overrideAddresses([], [], '   ')).toEqual([])
  })
})
