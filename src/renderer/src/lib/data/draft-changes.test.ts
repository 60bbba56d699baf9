import { describe, expect, it } from 'vitest'
import { changedFields, isChanged } from './draft-changes'

describe('changedFields', () => {
  it('names the fields that differ', () => {
    expect(changedFields({ name: 'a', port: 1, on: true }, { name: 'b', port: 1, on: false })).toEqual(['name', 'on'])
  })

  it('compares lists and nested objects by value', () => {
    expect(isChanged({ ids: [1, 2], links: [{ child: 3 }] }, { ids: [1, 2], links: [{ child: 3 }] })).toBe(false)
    expect(changedFields({ ids: [1, 2] }, { ids: [2, 1] })).toEqual(['ids'])
    expect(changedFields({ links: [{ child: 3 }] }, { links: [{ child: 4 }] })).toEqual(['links'])
  })

  it('counts a field that only one side has', () => {
    expect(changedFields<{ id?: number }>({}, { id: 4 })).toEqual(['id'])
  })
})
