import { describe, expect, it } from 'vitest'
import { ApiRequestError, type ApiFailure } from '../../src/domain/api-failure.ts'
import { isIgnoredError, reachesGlobalHandler } from '../../src/domain/error-filter.ts'

const server = (status: number): ApiFailure => ({
  kind: 'server',
  status,
  message: null,
  errorType: null,
  redirectUrl: null,
})
const failed = (failure: ApiFailure) => new ApiRequestError(failure)

describe('the errors SPEC §8 ignores', () => {
  it.each([
    ['a timeout of 20,000 ms', failed({ kind: 'timeout', status: null })],
    ['a network error', failed({ kind: 'network', status: null })],
    ['an aborted request', failed({ kind: 'aborted', status: null })],
    ['status 400', failed(server(400))],
    ['an aborted fetch', new DOMException('The user aborted a request.', 'AbortError')],
  ])('drops %s', (_, error) => {
    expect(isIgnoredError(error)).toBe(true)
  })

  it.each([
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a 500', failed(server(500))],
    ['a 404', failed(server(404))],
    ['a 503', failed({ kind: 'maintenance', status: 503 })],
    ['any other thrown error', new Error('boom')],
  ])('keeps %s', (_, error) => {
    expect(isIgnoredError(error)).toBe(false)
  })
})

describe('the global handler', () => {
  it('hears runtime and type errors only', () => {
    expect(reachesGlobalHandler(new TypeError('x is not a function'))).toBe(true)
    expect(reachesGlobalHandler(new ReferenceError('y is not defined'))).toBe(true)
    expect(reachesGlobalHandler(new RangeError('Invalid array length'))).toBe(true)
    expect(reachesGlobalHandler(new Error('plain'))).toBe(false)
    expect(reachesGlobalHandler(failed(server(500)))).toBe(false)
    expect(reachesGlobalHandler('a string thrown')).toBe(false)
  })
})
