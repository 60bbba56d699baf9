import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'

/**
 * WebSocket frames built by hand (RFC 6455 §5.2), for what no WebSocket client would send: bad
 * UTF-8, unmasked client frames, reserved opcodes and bits, bad close codes, oversized control
 * frames, lengths beyond any limit.
 */
export interface FrameSpec {
  fin?: boolean
  rsv1?: boolean
  rsv2?: boolean
  rsv3?: boolean
  /** 0 continuation, 1 text, 2 binary, 8 close, 9 ping, 10 pong; 3-7 and 11-15 reserved. */
  opcode: number
  /** Client frames must be masked; default true. */
  masked?: boolean
  payload?: Buffer
  /** The length the header claims, when it is not the payload's (the payload is then not sent whole). */
  declaredLength?: number
}

export function frame(spec: FrameSpec): Buffer {
  const payload = spec.payload ?? Buffer.alloc(0)
  const length = spec.declaredLength ?? payload.length
  const masked = spec.masked ?? true
  const first = (spec.fin === false ? 0 : 0x80) | (spec.rsv1 ? 0x40 : 0) | (spec.rsv2 ? 0x20 : 0) | (spec.rsv3 ? 0x10 : 0) | (spec.opcode & 0x0f)
  let header: Buffer
  if (length < 126) header = Buffer.from([first, (masked ? 0x80 : 0) | length])
  else if (length < 65_536) {
    header = Buffer.alloc(4)
    header.writeUInt16BE(length, 2)
    header[1] = (masked ? 0x80 : 0) | 126
  } else {
    header = Buffer.alloc(10)
    header.writeBigUInt64BE(BigInt(length), 2)
    header[1] = (masked ? 0x80 : 0) | 127
  }
  header[0] = first
  if (!masked) return Buffer.concat([header, payload])
  const mask = randomBytes(4)
  const body = Buffer.from(payload)
  for (let i = 0; i < body.length; i++) body[i] ^= mask[i % 4]
  return Buffer.concat([header, mask, body])
}

export function textFrame(text: string | Buffer, extra: Partial<FrameSpec> = {}): Buffer {
  return frame({ opcode: 1, payload: Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), ...extra })
}

export function closeFrame(code: number, reason = ''): Buffer {
  const payload = Buffer.alloc(2 + Buffer.byteLength(reason))
  payload.writeUInt16BE(code, 0)
  payload.write(reason, 2)
  return frame({ opcode: 8, payload })
}

/** A raw socket on the bridge after a valid upgrade (101), ready for hand-made frames. */
export interface RawBridgeSocket {
  socket: Socket
  /** Resolves when the server sends a close frame, ends or drops the connection (false after `timeoutMs`). */
  closedByServer(timeoutMs?: number): Promise<boolean>
  /** Bytes the server sent after the handshake (close frames, results). */
  received(): Buffer
}

export async function openRawBridge(port: number, token: string): Promise<RawBridgeSocket> {
  const socket = connect(port, '127.0.0.1')
  const key = randomBytes(16).toString('base64')
  let buffered = Buffer.alloc(0)
  let afterHandshake = Buffer.alloc(0)
  let upgraded = false
  let ended = false
  const endWaiters: (() => void)[] = []
  const onEnd = () => {
    ended = true
    endWaiters.splice(0).forEach((w) => w())
  }
  // The server's close frame ends the connection as far as the protocol goes (it then waits for
  // ours before dropping TCP, which a raw socket never sends).
  const onServerBytes = () => {
    if (serverFrames(afterHandshake).some((f) => f.opcode === 8)) onEnd()
  }
  socket.on('end', onEnd)
  socket.on('close', onEnd)
  // A reset is how some servers drop a connection after a protocol error; it still counts as closed.
  socket.on('error', onEnd)
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no upgrade answer within 10 s: ${buffered.toString('latin1')}`)), 10_000)
    socket.on('data', (chunk: Buffer) => {
      if (upgraded) {
        afterHandshake = Buffer.concat([afterHandshake, chunk])
        onServerBytes()
        return
      }
      buffered = Buffer.concat([buffered, chunk])
      const end = buffered.indexOf('\r\n\r\n')
      if (end < 0) return
      clearTimeout(timer)
      const head = buffered.subarray(0, end).toString('latin1')
      if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(`the bridge refused the upgrade: ${head}`))
      upgraded = true
      afterHandshake = buffered.subarray(end + 4)
      onServerBytes()
      resolve()
    })
    socket.once('connect', () =>
      socket.write(
        `GET /bridge?token=${encodeURIComponent(token)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    )
  })
  return {
    socket,
    received: () => afterHandshake,
    closedByServer(timeoutMs = 10_000) {
      if (ended) return Promise.resolve(true)
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs)
        endWaiters.push(() => (clearTimeout(timer), resolve(true)))
      })
    },
  }
}

/** The complete frames a server sent (unmasked, as server frames are). */
export function serverFrames(data: Buffer): { opcode: number; payload: Buffer }[] {
  const frames: { opcode: number; payload: Buffer }[] = []
  let at = 0
  while (at + 2 <= data.length) {
    let length = data[at + 1] & 0x7f
    let headerBytes = 2
    if (length === 126) {
      if (at + 4 > data.length) break
      length = data.readUInt16BE(at + 2)
      headerBytes = 4
    } else if (length === 127) {
      if (at + 10 > data.length) break
      length = Number(data.readBigUInt64BE(at + 2))
      headerBytes = 10
    }
    if (at + headerBytes + length > data.length) break
    frames.push({ opcode: data[at] & 0x0f, payload: data.subarray(at + headerBytes, at + headerBytes + length) })
    at += headerBytes + length
  }
  return frames
}

/** A call the bridge answers without writing anything; its id marks the answer in raw bytes. */
export const PROBE_CALL_ID = 424242
export const probeCallFrame = (): Buffer => textFrame(JSON.stringify({ type: 'call', id: PROBE_CALL_ID, method: 'getOverview', args: [] }))

/**
 * The WebSocket protocol errors of issue 9, each one frame that killed headless mode: the bridge
 * must close that connection (or, for `null`, refuse the message) and stay up for everyone else.
 */
export const PROTOCOL_ERRORS: { name: string; bytes: () => Buffer }[] = [
  { name: 'invalid UTF-8 in a text frame', bytes: () => textFrame(Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d])) },
  { name: 'an unmasked client frame', bytes: () => textFrame('{}', { masked: false }) },
  { name: 'a continuation frame without a start (opcode 0)', bytes: () => frame({ opcode: 0, payload: Buffer.from('{}') }) },
  { name: 'a reserved opcode (3)', bytes: () => frame({ opcode: 3, payload: Buffer.from('{}') }) },
  { name: 'RSV1 set without a negotiated extension', bytes: () => textFrame('{}', { rsv1: true }) },
  { name: 'close code 999', bytes: () => closeFrame(999) },
  { name: 'a ping with a 126-byte payload', bytes: () => frame({ opcode: 9, payload: Buffer.alloc(126, 0x61) }) },
  // Only the header: its declared length alone is over any sane limit.
  { name: 'a frame declaring 1 GiB, over maxPayload', bytes: () => frame({ opcode: 1, declaredLength: 2 ** 30 }) },
  { name: 'the text message null', bytes: () => textFrame('null') },
]

/**
 * After bad bytes on a raw bridge socket: sends the probe call if the connection is still open and
 * waits until the server has closed it or answered the probe (throws after `timeoutMs`: it did
 * neither, which no bad frame may cause).
 */
export async function closedOrStillAnswering(raw: RawBridgeSocket, timeoutMs = 10_000): Promise<{ closed: boolean; answered: boolean }> {
  if (!raw.socket.destroyed) raw.socket.write(probeCallFrame())
  const answered = () => raw.received().includes(`"id":${PROBE_CALL_ID}`)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const closed = await raw.closedByServer(50)
    if (closed || answered()) return { closed, answered: answered() }
    if (Date.now() > deadline) throw new Error('the bridge neither answered a call after the frames nor closed the connection')
  }
}
