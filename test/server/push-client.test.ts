import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { CommentEntry } from '../../src/domain/comments.ts'
import { openPushSocket, type PushEvent } from '../../src/effects/push-socket.ts'
import { TestClient } from './client.ts'
import { startTestServer, type TestServer } from './harness.ts'
import { liveOf } from './socket.ts'

/** The browser's push socket (src/effects/push-socket.ts) against the real server. */
describe('push socket client', () => {
  let server: TestServer
  let viewer: TestClient
  let room: { roomId: number; liveId: number; key: string }

  beforeAll(async () => {
    server = await startTestServer('pglite', { CAPTCHA_FIXED_WORD: 'kirari' })
    viewer = new TestClient(server.url)
    await viewer.login('demo_viewer', 'kirari-demo')
    room = await liveOf(server, 'kirari_hoshino')
  })
  afterAll(() => server.close())

  const post = async (comment: string) => {
    const { status } = await viewer.postForm('/api/live/post_live_comment', {
      live_id: String(room.liveId),
      comment,
    })
    expect(status).toBe(200)
  }
  const until = async (check: () => boolean, timeoutMs = 5000) => {
    for (let waited = 0; !check(); waited += 20) {
      if (waited > timeoutMs) throw new Error('timed out')
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  const texts = (events: PushEvent[]) =>
    events.flatMap((e) => (e.type === 'push.comments' ? e.comments.map((c) => c.comment) : []))

  it('hands comments over once per frame, all of a frame together and in order', async () => {
    const events: PushEvent[] = []
    const frames: Array<() => void> = []
    const close = openPushSocket(
      server.url.replace('http', 'ws') + '/',
      room.key,
      (e) => events.push(e),
      {
        WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
        schedule: (flush) => {
          frames.push(flush)
          return () => {}
        },
      },
    )
    try {
      await until(() => events.some((e) => e.type === 'push.connected'))
      await post('いち')
      await post('に')
      await until(() => frames.length > 0)
      // Both arrived before the frame: nothing is handed over until it comes.
      await new Promise((r) => setTimeout(r, 200))
      expect(texts(events)).toEqual([])
      expect(frames).toHaveLength(1)
      frames[0]?.()
      expect(texts(events)).toEqual(['いち', 'に'])
    } finally {
      close()
    }
  })

  it('fills in a comment posted between the room load and the first SUB', async () => {
    const events: PushEvent[] = []
    const log = async () =>
      (
        (await (
          await fetch(`${server.url}/api/live/comment_log?room_id=${room.roomId}`)
        ).json()) as { comment_log: CommentEntry[] }
      ).comment_log
    const initial = await log()
    await post('あいだ') // after the room's comment_log, before the socket follows the room
    const close = openPushSocket(
      server.url.replace('http', 'ws') + '/',
      room.key,
      (e) => events.push(e),
      {
        WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
        initial,
        backfill: log,
        schedule: (flush) => {
          queueMicrotask(flush)
          return () => {}
        },
      },
    )
    try {
      await until(() => texts(events).includes('あいだ'))
      await new Promise((r) => setTimeout(r, 200))
      expect(texts(events).filter((t) => t === 'あいだ')).toHaveLength(1)
    } finally {
      close()
    }
  })

  it('after a lost connection, fills the gap from comment_log: every comment exactly once', async () => {
    const events: PushEvent[] = []
    const sockets: WebSocket[] = []
    class TrackedSocket extends WebSocket {
      constructor(url: string) {
        super(url)
        sockets.push(this)
      }
    }
    const log = async () =>
      (
        (await (
          await fetch(`${server.url}/api/live/comment_log?room_id=${room.roomId}`)
        ).json()) as { comment_log: CommentEntry[] }
      ).comment_log
    const close = openPushSocket(
      server.url.replace('http', 'ws') + '/',
      room.key,
      (e) => events.push(e),
      {
        WebSocketImpl: TrackedSocket as unknown as typeof globalThis.WebSocket,
        initial: await log(),
        backfill: log,
        schedule: (flush) => {
          queueMicrotask(flush)
          return () => {}
        },
      },
    )
    try {
      await until(() => events.some((e) => e.type === 'push.connected'))
      await post('さん')
      await until(() => texts(events).includes('さん'))
      sockets[0]?.terminate()
      await until(() => events.some((e) => e.type === 'push.disconnected'))
      await post('よん') // while no socket is open
      await until(() => events.filter((e) => e.type === 'push.connected').length === 2)
      await until(() => texts(events).includes('よん'))
      await new Promise((r) => setTimeout(r, 200))
      expect(texts(events)).toEqual(['さん', 'よん'])
      expect(events.find((e) => e.type === 'push.connected' && e.reconnected)).toBeDefined()
    } finally {
      close()
    }
  })
})
