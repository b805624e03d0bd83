import { describe, expect, it } from 'vitest'
import { RtpRouter } from 'werift'
import '../../server/media/whip/session.ts'

// A publisher's packet names its simulcast stream (rid) itself, after the offer was checked;
// werift 0.24's router looks the rid up in a plain object and sets `latestRid` on what it finds.
// A rid of `__proto__` must not set it on every object of the media host (issue #51, review).

describe('a packet whose rid is an inherited name', () => {
  it('reaches no object of the process: the router’s assignment fails instead', () => {
    const router = new RtpRouter()
    const found = (router.ridTable as Record<string, object>)['__proto__'] as {
      latestRid?: string
    }
    // What werift's routeRtp does with it (it catches what this throws, and drops the packet).
    expect(() => {
      found.latestRid = '__proto__'
    }).toThrow(TypeError)
    const keys: string[] = []
    for (const key in {}) keys.push(key)
    expect(keys).toEqual([])
    expect(({} as { latestRid?: string }).latestRid).toBeUndefined()
  })
})
