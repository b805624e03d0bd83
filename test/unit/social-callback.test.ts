import { describe, expect, it } from 'vitest'
import {
  readSocialCallback,
  socialCallbackEvent,
  withoutSocialCallback,
} from '../../src/effects/social-callback.ts'

describe('the social callback in the address (issue #28)', () => {
  it('reads only known providers and results', () => {
    expect(readSocialCallback('?social=twitter&result=no_user')).toEqual({
      provider: 'twitter',
      result: 'no_user',
      message: null,
    })
    expect(readSocialCallback('?social=mastodon&result=done')).toBeNull()
    expect(readSocialCallback('?social=twitter&result=hacked')).toBeNull()
    expect(readSocialCallback('?page=2')).toBeNull()
  })

  it('maps each result to the auth machine event SPEC §4 names', () => {
    const event = (search: string) => {
      const callback = readSocialCallback(search)
      return callback ? socialCallbackEvent(callback) : undefined
    }
    expect(event('?social=twitter&result=no_user')).toEqual({
      type: 'social.callback',
      noUser: true,
      error: null,
    })
    expect(event('?social=twitter&result=error&message=m')).toEqual({
      type: 'social.callback',
      noUser: false,
      error: 'm',
    })
    expect(event('?social=twitter&result=done')).toEqual({
      type: 'social.callback',
      noUser: false,
      error: null,
    })
    expect(event('?social=twitter&result=linked')).toEqual({ type: 'twitter.linked', ok: true })
    expect(event('?social=facebook&result=register')).toEqual({
      type: 'socialSignup.open',
      provider: 'facebook',
    })
  })

  it('drops its fields from the address, keeping the rest', () => {
    expect(withoutSocialCallback('https://k.example/room?x=1&social=twitter&result=done#a')).toBe(
      '/room?x=1#a',
    )
  })
})
