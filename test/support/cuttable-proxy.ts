import { createConnection, createServer, type Server, type Socket } from 'node:net'

/**
 * A TCP relay on loopback in front of a database server, that a test can cut: every open
 * connection is dropped at once and new ones are refused (closed on accept) until it is restored —
 * the database "down" for the nodes behind it, while the server itself and the test's own
 * connections keep working.
 */
export class CuttableProxy {
  private readonly open = new Set<Socket>()
  private down = false

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetPort: number): Promise<CuttableProxy> {
    let proxy: CuttableProxy | null = null
    const server = createServer((client) => proxy!.accept(client, targetPort))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    proxy = new CuttableProxy(server, (server.address() as { port: number }).port)
    return proxy
  }

  /** `url` with its port replaced by the proxy's. */
  via(url: string): string {
    const parsed = new URL(url)
    parsed.port = String(this.port)
    return parsed.toString()
  }

  /** Drops every connection and refuses new ones. */
  cut(): void {
    this.down = true
    for (const socket of this.open) socket.destroy()
    this.open.clear()
  }

  restore(): void {
    this.down = false
  }

  close(): Promise<void> {
    this.cut()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }

  private accept(client: Socket, targetPort: number): void {
    if (this.down) return void client.destroy()
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort })
    for (const socket of [client, upstream]) {
      this.open.add(socket)
      socket.on('error', () => socket.destroy())
      socket.on('close', () => {
        this.open.delete(socket)
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream)
    upstream.pipe(client)
  }
}
