import { describe, expect, it } from 'vitest'
import {
  noticeFromPush,
  notificationOptions,
  tapTarget,
  windowForTap,
} from '../../src/sw/notification.ts'

const origin = 'https://kirari.example'

describe('the service worker’s notifications', () => {
  it('shows the server’s notice: title, body, the liver’s picture, and where a tap leads', () => {
    const notice = noticeFromPush(
      JSON.stringify({
        title: 'ゆめの声劇ルーム',
        body: '配信開始 — 夢見 ゆめさんが配信を始めました',
        icon: `${origin}/img/room/5.svg`,
        url: `${origin}/r/seiyu_yume`,
        tag: 'live-12',
      }),
      origin,
    )
    expect(notice).toEqual({
      title: 'ゆめの声劇ルーム',
      body: '配信開始 — 夢見 ゆめさんが配信を始めました',
      icon: `${origin}/img/room/5.svg`,
      url: `${origin}/r/seiyu_yume`,
      tag: 'live-12',
    })
    expect(notificationOptions(notice, origin)).toMatchObject({
      tag: 'live-12',
      icon: `${origin}/img/room/5.svg`,
      data: { url: `${origin}/r/seiyu_yume` },
    })
  })

  it('still shows something for a message that is not the server’s JSON, and never leads off the site', () => {
    expect(noticeFromPush('hello', origin)).toMatchObject({ title: 'Kirari', body: 'hello' })
    expect(noticeFromPush(null, origin)).toMatchObject({ title: 'Kirari', url: `${origin}/` })
    const off = noticeFromPush(
      JSON.stringify({ title: 'x', url: 'https://evil.example/r/1', icon: 'javascript:alert(1)' }),
      origin,
    )
    expect(off.url).toBe(`${origin}/`)
    expect(off.icon).toBe(`${origin}/`)
    expect(tapTarget({ url: '//evil.example/' }, origin)).toBe(`${origin}/`)
    expect(tapTarget({ url: '/r/aoi_music' }, origin)).toBe(`${origin}/r/aoi_music`)
    expect(tapTarget(null, origin)).toBe(`${origin}/`)
  })

  it('brings forward a window at the page, else takes one of the site’s there, else opens one', () => {
    const room = `${origin}/r/seiyu_yume`
    const home = { url: `${origin}/` }
    const there = { url: room }
    expect(windowForTap([home, there], room)).toEqual({ window: there, navigate: false })
    expect(windowForTap([home], room)).toEqual({ window: home, navigate: true })
    expect(windowForTap([], room)).toBeNull()
  })
})
