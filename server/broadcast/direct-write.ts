import type { Duplex } from 'node:stream'

// The push hub's write to one socket, beneath net.Socket's stream layer.
//
// A frame fanned out to 5,000 sockets is 5,000 writes of the same few hundred bytes. Through
// `socket.write` each one walks the Writable state machine and allocates a native write request
// that the garbage collector must later finalize: about a fifth of the hub's CPU per delivery
// (bench: push-fanout, 10 msg/s), the difference between it and nginx's Nchan. Here a write goes
// straight to the TCP handle, as net.Socket itself does at the bottom of its stack, with one
// request object reused for every write the kernel takes at once.
//
// Order is kept with everything else written to the socket (the `ws` library's replies and close
// frames): the direct path is taken only when nothing waits in the stream layer, and a write the
// kernel could not take at once waits in libuv's queue, which keeps a handle's writes in order
// whichever path made them. Without the handle's API (another runtime, a TLS socket, a Node
// without `process.binding`) every write goes through `socket.write`.

/** A native write request (Node's WriteWrap): the handle fills it in when a write waits. */
interface WriteRequest {
  handle: unknown
  oncomplete: (this: WriteRequest, status: number) => void
  /** The socket whose write this request carries, for the completion of a write that waited. */
  socket: Duplex | null
}

/** What `process.binding('stream_wrap')` offers (lib/internal/stream_base_commons.js uses it). */
interface StreamWrap {
  WriteWrap: new () => WriteRequest
  streamBaseState: Int32Array
  kLastWriteWasAsync: number
}

/** A TCP handle (Node's TCPWrap, a StreamBase). */
interface TcpHandle {
  writeBuffer(request: WriteRequest, data: Buffer): number
  /** Bytes libuv holds for writes the kernel has not taken yet. */
  writeQueueSize: number
}

function streamWrap(): StreamWrap | null {
  try {
    // process.binding is deprecated (DEP0111) but kept for this module; absent, the stream path.
    const binding = (process as unknown as { binding?: (name: string) => unknown }).binding
    const wrap = binding?.call(process, 'stream_wrap') as Partial<StreamWrap> | undefined
    return typeof wrap?.WriteWrap === 'function' &&
      wrap.streamBaseState instanceof Int32Array &&
      typeof wrap.kLastWriteWasAsync === 'number'
      ? (wrap as StreamWrap)
      : null
  } catch {
    return null
  }
}

/** The TCP handle under a plain (not TLS) net.Socket; null once it is closed, or for others. */
function tcpHandle(socket: Duplex): TcpHandle | null {
  const { _handle: handle, encrypted } = socket as unknown as {
    _handle?: Partial<TcpHandle> | null
    encrypted?: boolean
  }
  // (writeQueueSize is a native accessor, read only where a write waits: see `waiting`.)
  return handle && encrypted !== true && typeof handle.writeBuffer === 'function'
    ? (handle as TcpHandle)
    : null
}

/**
 * Sockets with direct writes waiting in libuv, and how many: the others have none, and their
 * backlog is the stream's own count, read without a call into the runtime.
 */
const waiting = new Map<Duplex, number>()

function waits(socket: Duplex): void {
  const count = waiting.get(socket) ?? 0
  if (count === 0) socket.once('close', () => waiting.delete(socket))
  waiting.set(socket, count + 1)
}

/** A write refused with libuv's `status`: the socket ends, as net.Socket's own would. */
function failed(socket: Duplex, status: number): void {
  if (!socket.destroyed) {
    socket.destroy(Object.assign(new Error(`write failed (${status})`), { errno: status }))
  }
}

/** A write that had to wait has finished (or was cancelled, its socket closing). */
function completed(this: WriteRequest, status: number): void {
  const socket = this.socket
  this.socket = null
  if (!socket) return
  const left = (waiting.get(socket) ?? 1) - 1
  if (left > 0) waiting.set(socket, left)
  else waiting.delete(socket)
  if (status < 0) failed(socket, status)
}

function newRequest(binding: StreamWrap): WriteRequest {
  const request = new binding.WriteWrap()
  request.oncomplete = completed
  request.socket = null
  return request
}

/**
 * Writes to TCP sockets beneath the stream layer (see above). `binding` is the runtime's by
 * default; `null` sends every write through `socket.write`.
 */
export class DirectWriter {
  private readonly binding: StreamWrap | null
  /** The request the next write uses, until a write that waits takes it. */
  private request: WriteRequest | null = null

  constructor(binding: StreamWrap | null = streamWrap()) {
    this.binding = binding
  }

  /** Whether writes go beneath the stream layer in this runtime. */
  get direct(): boolean {
    return this.binding !== null
  }

  /** Writes `data` (a frame or frames ready to go) to `socket`; never throws. */
  write(socket: Duplex, data: Buffer): void {
    const { binding } = this
    const handle = binding ? tcpHandle(socket) : null
    // Behind a stream write still under way, a write waits its turn in the stream. Behind a
    // direct write waiting in libuv, it queues there after it, in order, by libuv's own rule.
    if (!binding || !handle || !socket.writable || socket.writableLength > 0) {
      socket.write(data)
      return
    }
    const request = (this.request ??= newRequest(binding))
    request.handle = handle
    request.socket = socket
    const error = handle.writeBuffer(request, data)
    if (error < 0) {
      request.socket = null
      failed(socket, error)
    } else if (binding.streamBaseState[binding.kLastWriteWasAsync]) {
      // The kernel took part of it: the request now belongs to the write that waits in libuv.
      this.request = null
      waits(socket)
    } else {
      request.socket = null
    }
  }

  /**
   * Bytes libuv holds for `socket` that the kernel has not taken yet. A stream write waiting
   * there is in the stream's own count too: their sum bounds a socket's backlog from above.
   */
  queued(socket: Duplex): number {
    if (waiting.size === 0 || !waiting.has(socket)) return 0
    return tcpHandle(socket)?.writeQueueSize ?? 0
  }
}
