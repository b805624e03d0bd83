import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { logIn, openBrowser, type Session } from './browser.ts'

let session: Session
beforeEach(async () => {
  session = await openBrowser()
})
afterEach(async () => {
  await session.close()
})

const base = () => inject('baseUrl')

describe('flow visualizer in Chromium', () => {
  it('shows the loaded room actor of another tab, lit in its state, and follows its state change', async () => {
    const room = session.page
    await logIn(room)
    const flows = await session.context.newPage()
    await flows.goto(base() + '/dev/flows?machine=roomVisit')
    const diagram = flows.getByRole('group', { name: 'roomVisit の状態図' })
    await diagram.waitFor({ timeout: 15_000 })

    await room.goto(base() + '/r/kirari_hoshino')
    await room.locator('[data-push="connected"]').waitFor()
    // The other tab reports the loaded room (the room machine's child) at the next hello (every 2 s).
    const actor = flows.getByTestId('live-actor').filter({ hasText: /^roomVisit#/ })
    await actor.waitFor({ timeout: 10_000 })
    await expect.poll(() => actor.textContent()).toMatch(/live\.composer\.idle$/)
    await expect
      .poll(() =>
        diagram
          .getByRole('button', { name: 'roomVisit.live', exact: true })
          .getAttribute('aria-pressed'),
      )
      .toBe('true')

    // A comment in the room tab: the composer sends, then is idle again.
    await room.getByRole('textbox', { name: 'コメント' }).fill('フロー確認')
    await room.getByRole('button', { name: '送信' }).click()
    await expect
      .poll(() => actor.textContent(), { timeout: 10_000 })
      .toMatch(/live\.composer\.sending → live\.composer\.idle$/)
    const log = flows.getByRole('list', { name: 'イベント' })
    await log.getByText('comment.submit').waitFor()
    await log.getByText('{"text":"フロー確認"}').first().waitFor()
    expect(session.errors).toEqual([])
  })
})
