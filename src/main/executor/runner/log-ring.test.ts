import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { createLogRingBuffer, LOG_RING_BYTES, LOG_RING_MAX_ENTRY, LogRingReader, LogRingWriter } from './log-ring'

/** A ring with its two ends, and what the reader took, as `requestId:line:where:text`. */
function ring() {
  const buffer = createLogRingBuffer()
  const writer = new LogRingWriter(buffer)
  const reader = new LogRingReader(buffer)
  const taken: string[] = []
  const take = (requestId: number, where: string, line: number, text: string) => taken.push(`${requestId}:${line}:${where}:${text}`)
  return { buffer, writer, reader, taken, take }
}

describe('the log ring between a runner thread and the host', () => {
  it('hands over lines in order with their run, place and text, multi-byte text included', () => {
    const { writer, reader, taken, take } = ring()
    expect(writer.write(0, 7, 12, 'report.js#run', 'rows: 42')).toBe(true)
    expect(writer.write(1, 8, 3, 'glue#main', '结算完成 ✓ "quoted" \\ back')).toBe(true)
    expect(writer.write(2, 8, 4, '', '')).toBe(true)
    reader.drain(take)
    expect(taken).toEqual(['7:12:report.js#run:rows: 42', '8:3:glue#main:结算完成 ✓ "quoted" \\ back', '8:4::'])
    reader.drain(take)
    expect(taken).toHaveLength(3)
  })

  it('wraps round its end many times without losing, repeating or reordering a line', () => {
    const { writer, reader, taken, take } = ring()
    const text = (n: number) => `line ${n} ${'x'.repeat(n % 997)}`
    let seq = 0
    let refused = 0
    // ~40 laps of the ring, read in uneven bites.
    for (let round = 0; round < 400; round++) {
      for (let i = 0; i < 50; i++) {
        if (!writer.write(seq, seq, seq % 100, 'w', text(seq))) refused++
        seq++
      }
      reader.drain(take)
    }
    expect(refused).toBe(0)
    expect(seq * 500).toBeGreaterThan(LOG_RING_BYTES * 30)
    expect(taken).toEqual(Array.from({ length: seq }, (_, n) => `${n}:${n % 100}:w:${text(n)}`))
  })

  it('refuses a line when it is full and takes it again once the host has read', () => {
    const { writer, reader, taken, take } = ring()
    const line = 'y'.repeat(1000)
    let seq = 0
    while (writer.write(seq, 1, 1, 'w', line)) seq++
    expect(seq).toBeGreaterThan(LOG_RING_BYTES / 1100)
    expect(writer.write(seq, 1, 1, 'w', 'short')).toBe(true)
    expect(writer.write(seq + 1, 1, 1, 'w', line)).toBe(false)
    reader.drain(take)
    expect(taken).toHaveLength(seq + 1)
    expect(writer.write(seq + 1, 1, 1, 'w', line)).toBe(true)
  })

  it('refuses a line longer than a quarter of the ring, measured in UTF-8 bytes', () => {
    const { writer } = ring()
    expect(writer.write(0, 1, 1, 'w', 'a'.repeat(LOG_RING_MAX_ENTRY - 100))).toBe(true)
    expect(writer.write(1, 1, 1, 'w', 'a'.repeat(LOG_RING_MAX_ENTRY))).toBe(false)
    expect(writer.write(1, 1, 1, 'w', '结'.repeat(LOG_RING_MAX_ENTRY / 3))).toBe(false)
  })

  it('stops at a line that went as a message until the host has taken that message, unless the thread is gone', () => {
    const { writer, reader, taken, take } = ring()
    writer.write(0, 1, 1, 'w', 'first')
    // seq 1 was posted; 2 and 3 follow it in the ring.
    writer.write(2, 1, 3, 'w', 'third')
    writer.write(3, 1, 4, 'w', 'fourth')
    reader.drain(take)
    expect(taken).toEqual(['1:1:w:first'])
    taken.push('1:2:w:second (the message)')
    reader.tookPosted(1)
    reader.drain(take)
    expect(taken).toEqual(['1:1:w:first', '1:2:w:second (the message)', '1:3:w:third', '1:4:w:fourth'])
    writer.write(5, 1, 6, 'w', 'sixth')
    reader.drain(take, true)
    expect(taken.at(-1)).toBe('1:6:w:sixth')
  })

  it('keeps the order between a real thread writing as fast as it can and the host reading at the same time', async () => {
    const { buffer, reader } = ring()
    const lines = 200_000
    // The thread writes every line, posting the ones the ring refuses as a message, as runner-worker.ts does.
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads')
       import('tsx/esm/api').then((tsx) => { tsx.register(); return import(workerData.module) }).then(({ LogRingWriter }) => {
         const writer = new LogRingWriter(workerData.buffer)
         for (let seq = 0; seq < workerData.lines; seq++) {
           const text = 'line ' + seq + ' ' + 'z'.repeat((seq * 7919) % 300)
           if (!writer.write(seq, seq, 0, 'w', text)) parentPort.postMessage({ seq, text })
         }
         parentPort.postMessage('done')
       })`,
      { eval: true, workerData: { buffer, lines, module: new URL('./log-ring.ts', import.meta.url).href } },
    )
    const seqs: number[] = []
    let posted = 0
    const take = (requestId: number, _where: string, _line: number, text: string) => {
      expect(text.startsWith(`line ${requestId} `)).toBe(true)
      seqs.push(requestId)
    }
    await new Promise<void>((resolve, reject) => {
      worker.on('error', reject)
      worker.on('message', (message: { seq: number; text: string } | 'done') => {
        reader.drain(take)
        if (message === 'done') return resolve()
        posted++
        seqs.push(message.seq)
        reader.tookPosted(message.seq)
        reader.drain(take)
      })
    })
    await worker.terminate()
    reader.drain(take, true)
    expect(seqs).toHaveLength(lines)
    expect(seqs.every((seq, i) => seq === i)).toBe(true)
    // The thread outran the host: some lines went as messages, most through the ring.
    expect(posted).toBeGreaterThan(0)
    expect(posted).toBeLessThan(lines)
  })
})
