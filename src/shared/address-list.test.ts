import { describe, expect, it } from 'vitest'
import { joinAddressList, splitAddressList } from './address-list'

describe('address lists', () => {
  it('splits XXL-JOB text on commas, trims, drops blanks and keeps the order', () => {
    expect(splitAddressList(' http://b:9999/ ,, http://a:9999/,')).toEqual(['http://b:9999/', 'http://a:9999/'])
    expect(splitAddressList('')).toEqual([])
  })

  it('treats a list the same way as its text and joins back to the stored form', () => {
    const list = splitAddressList(['http://a:1/ ', ' ', 'http://b:2/'])
    expect(list).toEqual(['http://a:1/', 'http://b:2/'])
    expect(joinAddressList(list)).toBe('http://a:1/,http://b:2/')
    expect(splitAddressList(joinAddressList(list))).toEqual(list)
  })
})
