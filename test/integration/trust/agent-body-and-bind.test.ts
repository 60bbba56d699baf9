import { connect, type Socket } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAgentArgs, USAGE, type AgentConfig } from '../../../src/main/agent/agent-args'
import { AgentHarness } from '../../support/agent-harness'
import { parseResponse } from '../../support/raw-http'

/**
 * Issue 9, finding 8 (agent): it read a whole 5 MB body before checking the token (80 tokenless
 * connections held +390 MB), and bound 0.0.0.0 by default. The token is checked on the head; a
 * tokenless request is answered and its connection closed before its body is taken in.
 */
const DECLARED_BYTES = 5 * 1024 * 1024
const CHUNK = Buffer.alloc(64 * 1024, 0x20)

let h: AgentHarness
beforeAll(async () => (h = await AgentHarness.start()))
afterAll(async () => h?.stop())

/** A tokenless POST /run declaring DECLARED_BYTES, its body written with backpressure. */
interface Upload {
  socket: Socket
  /** Body bytes written when the answer arrived (null: no answer). */
  sentAtAnswer(): number | null
  closedByServer(): boolean
  /** Writes the body up to `limit` bytes, stopping early once answered or closed, or at the deadline. */
  send(limit: number, deadlineMs: number): Promise<number>
}

function startUpload(port: number): Upload {
  const socket = connect(port, '127.0.0.1')
  let received = Buffer.alloc(0)
  let sent = 0
  let sentAtAnswer: number | null = null
  let closed = false
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk])
    if (sentAtAnswer === null && parseResponse(received, false, false)) sentAtAnswer = sent
  })
  const onClosed = () => (closed = true)
  socket.on('end', onClosed)
  socket.on('close', onClosed)
  // Writing to a connection the server closed fails; that is the expected end of the upload.
  socket.on('error', onClosed)
  socket.write(`POST /run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${DECLARED_BYTES}\r\n\r\n`)
  return {
    socket,
    sentAtAnswer: () => sentAtAnswer,
    closedByServer: () => closed,
    async send(limit, deadlineMs) {
      while (sent < limit && !closed && sentAtAnswer === null && Date.now() < deadlineMs) {
        const piece = CHUNK.subarray(0, Math.min(CHUNK.length, limit - sent))
        const written = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), Math.max(1, deadlineMs - Date.now()))
          socket.write(piece, (error) => (clearTimeout(timer), resolve(!error)))
        })
        if (!written) break
        sent += piece.length
      }
      return sent
    },
  }
}

function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

describe('the agent and a tokenless request with a large body', () => {
  it('answers it and closes the connection before the body is sent', async () => {
    const upload = startUpload(h.port)
    try {
      const sent = await upload.send(DECLARED_BYTES, Date.now() + 15_000)
      const deadline = Date.now() + 5000
      while (!upload.closedByServer() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(upload.sentAtAnswer(), 'no answer came').not.toBeNull()
      expect(upload.sentAtAnswer()!, `answered only after ${upload.sentAtAnswer()} of ${DECLARED_BYTES} body bytes`).toBeLessThan(DECLARED_BYTES)
      expect(sent, 'the whole body was taken in before the connection ended').toBeLessThan(DECLARED_BYTES)
      expect(upload.closedByServer(), 'the connection stayed open after the refusal').toBe(true)
    } finally {
      upload.socket.destroy()
    }
  })

  it('holds no memory for tokenless uploads that never finish', async () => {
    const gc = collectGarbage()
    const connections = 10
    gc()
    const beforeBytes = process.memoryUsage().arrayBuffers
    const uploads: Upload[] = []
    try {
      for (let i = 0; i < connections; i++) {
        const upload = startUpload(h.port)
        uploads.push(upload)
        // All but the last byte: the request never ends, as an attacker would leave it.
        await upload.send(DECLARED_BYTES - 1, Date.now() + 10_000)
      }
      gc()
      const heldBytes = process.memoryUsage().arrayBuffers - beforeBytes
      const offeredBytes = connections * DECLARED_BYTES
      expect(heldBytes, `${(heldBytes / 2 ** 20).toFixed(1)} MiB held for ${connections} unfinished tokenless uploads`).toBeLessThan(offeredBytes / 8)
    } finally {
      uploads.forEach((u) => u.socket.destroy())
    }
    await h.expectAlive()
  })
})

describe('where the agent listens', () => {
  const base = ['--admin', 'http://127.0.0.1:1/', '--token', 'bind-test-token-0123', '--app', 'bind-app']

  it('binds 127.0.0.1 unless told --host, and says so in its usage', () => {
    expect((parseAgentArgs(base) as AgentConfig).host).toBe('127.0.0.1')
    expect((parseAgentArgs([...base, '--host', '0.0.0.0']) as AgentConfig).host).toBe('0.0.0.0')
    expect(USAGE).toMatch(/--host ADDR[^\n]*127\.0\.0\.1/)
  })
})
