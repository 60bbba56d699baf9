// B3b's second writer, in a process of its own so its waits block nobody else: a UI-like edit (one
// job row renamed, BEGIN IMMEDIATE … COMMIT on its own connection, busy_timeout 5000 as the product's
// connections) every `period` ms until `until` (epoch ms). The time each edit took is its wait for the
// write lock plus the write itself. Prints `RESULT <json>` with every wait in ms.
// Usage: node --import tsx bench/support/lock-writer.ts --file DB --job ID --period 5 --until EPOCH_MS
import Database from 'better-sqlite3'
import { peerArgs } from '../peers/peer-protocol'
import { sleepUntil } from './stats'

const file = process.argv[process.argv.indexOf('--file') + 1]
const { job, period, until } = peerArgs(['job', 'period', 'until'])
const db = new Database(file, { timeout: 5000 })
db.pragma('journal_mode = WAL')
db.pragma('synchronous = NORMAL')
const rename = db.prepare('UPDATE job_info SET name = ?, update_time = ? WHERE id = ?')
const edit = db.transaction((name: string) => rename.run(name, Date.now(), job))

const waits: number[] = []
let errors = 0
let slot = Date.now()
for (let i = 0; Date.now() < until; i++) {
  const start = performance.now()
  try {
    edit.immediate(`lock-writer edit ${i}`)
  } catch {
    errors++
  }
  waits.push(performance.now() - start)
  slot = Math.max(slot + period, Date.now())
  await sleepUntil(slot)
}
db.close()
console.log(`RESULT ${JSON.stringify({ waits, errors })}`)
