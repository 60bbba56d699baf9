import { describe, expect, it } from 'vitest'
import { csvRows } from './csv-rows'

describe('csvRows', () => {
  it('reads quoted fields, doubled quotes, line breaks inside quotes and CRLF', () => {
    expect(csvRows('name,note\r\na,"x, ""y""\nz"\nb,2\n', 10)).toEqual({
      rows: [
        ['name', 'note'],
        ['a', 'x, "y"\nz'],
        ['b', '2'],
      ],
      total: 3,
    })
  })

  it('keeps the first rows and counts the rest', () => {
    const text = Array.from({ length: 250 }, (_, i) => `${i},x`).join('\n')
    const { rows, total } = csvRows(text, 200)
    expect(rows).toHaveLength(200)
    expect(rows[199]).toEqual(['199', 'x'])
    expect(total).toBe(250)
  })
})
