import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser, type Session } from './browser.ts'

let session: Session
beforeEach(async () => {
  session = await openBrowser({ locale: 'en-US' })
})
afterEach(async () => {
  await session.close()
})

describe('the API reference in Chromium (issue #39)', () => {
  it('renders the OpenAPI document with Redoc from our own origin, under the CSP', async () => {
    const { page } = session
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto(inject('baseUrl') + '/api/docs')
    await page.getByRole('heading', { name: /^Kirari API/ }).waitFor({ timeout: 20_000 })
    expect(await page.title()).toBe('Kirari API reference')
    // A section per tag, and a call with its parameters and its answer's fields.
    await page.getByRole('menuitem', { name: 'Live' }).first().waitFor()
    await page.goto(inject('baseUrl') + '/api/docs#tag/Live/operation/getApiLiveLiveInfo')
    const call = page.locator('[data-section-id="tag/Live/operation/getApiLiveLiveInfo"]')
    await call.getByText('/api/live/live_info').first().waitFor()
    await call.getByText('room_id').first().waitFor()
    await call.getByText('bcsvr_key').first().waitFor()
    // Redoc's search index runs in a worker it makes from a blob of this origin.
    const foreign = scripts.filter(
      (url) => !url.replace(/^blob:/, '').startsWith(inject('baseUrl')),
    )
    expect(foreign).toEqual([])
    // Redoc's footer asks a CDN for its logo; the CSP refuses it and Redoc hides the image.
    expect(session.errors.filter((e) => !e.includes('cdn.redoc.ly'))).toEqual([])
  })
})
