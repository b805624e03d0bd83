// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { COMMENT_MAX, commentProblem } from '../../src/domain/comments.ts'
import { liveRoom } from './live-room.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const POST = '/api/live/post_live_comment'
// Each emoji is a surrogate pair: two UTF-16 units, one character as the server counts.
const emoji = (n: number) => '😀'.repeat(n)

describe('the comment box counts as the server does', () => {
  it('takes 50 emoji (100 UTF-16 units) and sends them', async () => {
    expect(commentProblem(emoji(COMMENT_MAX))).toBeNull()
    const api = fakeApi(liveRoom())
    renderApp('/r/kirari_hoshino', api, { nowMs: Date.now() })
    const box = await screen.findByRole<HTMLInputElement>('textbox', { name: 'コメント' })
    // No maxLength that would stop at 50 UTF-16 units (25 emoji).
    expect(box.maxLength).toBe(-1)
    fireEvent.change(box, { target: { value: ` ${emoji(50)} ` } })
    expect(screen.getByText('50/50')).toBeTruthy()
    expect(box.getAttribute('aria-invalid')).toBe('false')
    fireEvent.click(screen.getByRole('button', { name: '送信' }))
    await waitFor(() => expect(api.calls).toContain(POST))
  })

  it('refuses 51 like the server: a toast, nothing sent, the text kept', async () => {
    expect(commentProblem(emoji(COMMENT_MAX + 1))).toBe('tooLong')
    const api = fakeApi(liveRoom())
    const rendered = renderApp('/r/kirari_hoshino', api, { nowMs: Date.now() })
    const box = await screen.findByRole<HTMLInputElement>('textbox', { name: 'コメント' })
    fireEvent.change(box, { target: { value: emoji(51) } })
    expect(screen.getByText('51/50')).toBeTruthy()
    expect(box.getAttribute('aria-invalid')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: '送信' }))
    await waitFor(() =>
      expect(rendered.notices).toContainEqual({ tone: 'error', key: 'room.commentTooLong' }),
    )
    expect(api.calls).not.toContain(POST)
    expect(box.value).toBe(emoji(51))
  })
})
