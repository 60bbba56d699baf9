/**
 * A FIFO of async tasks with at most `concurrency` running at once: Node's equivalent of one of
 * XXL-JOB's trigger thread pools. Tasks never reject into the lane (the task handles its errors).
 */
export class TaskLane {
  private readonly queue: (() => Promise<void>)[] = []
  private head = 0
  private active = 0
  private idleWaiters: (() => void)[] = []

  constructor(
    readonly concurrency: number,
    /** Queued tasks beyond this are refused, like a full thread-pool queue. */
    readonly queueMax: number,
  ) {}

  get queued(): number {
    return this.queue.length - this.head
  }

  get running(): number {
    return this.active
  }

  /** False when the queue is full and the task was not taken. */
  submit(task: () => Promise<void>): boolean {
    if (this.active < this.concurrency) {
      this.start(task)
      return true
    }
    if (this.queued >= this.queueMax) return false
    this.queue.push(task)
    return true
  }

  /** Resolves once nothing is running or queued. */
  idle(): Promise<void> {
    if (this.active === 0 && this.queued === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  private start(task: () => Promise<void>): void {
    this.active++
    // One settle handler for both ends (catch + finally made two more promises per trigger).
    const settled = () => {
      this.active--
      const next = this.take()
      if (next) this.start(next)
      else if (this.active === 0) this.notifyIdle()
    }
    task().then(settled, settled)
  }

  private take(): (() => Promise<void>) | undefined {
    if (this.head >= this.queue.length) return undefined
    const task = this.queue[this.head]
    this.queue[this.head++] = undefined as never
    // Compact now and then instead of shift()ing (O(n) per take on a 10k-deep queue).
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head)
      this.head = 0
    }
    return task
  }

  private notifyIdle(): void {
    const waiters = this.idleWaiters
    this.idleWaiters = []
    waiters.forEach((w) => w())
  }
}
