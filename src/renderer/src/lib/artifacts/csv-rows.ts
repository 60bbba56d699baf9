/**
 * The first `maxRows` rows of CSV text (RFC 4180: quoted fields with doubled quotes and line breaks
 * inside), and how many rows the text has. A preview's parser: bounded by the text it is given.
 */
export function csvRows(text: string, maxRows: number): { rows: string[][]; total: number } {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let total = 0
  const endRow = () => {
    row.push(field)
    field = ''
    if (rows.length < maxRows) rows.push(row)
    total++
    row = []
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"' && field === '') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      endRow()
    } else field += c
  }
  if (field !== '' || row.length > 0) endRow()
  return { rows, total }
}
