// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { showNotice } from '../../src/effects/toasts.ts'
import { AppToaster } from '../../src/views/components/AppToaster.tsx'

afterEach(cleanup)

describe('toasts', () => {
  it('shows notices raised before the toaster’s code has loaded, once it has', async () => {
    render(<AppToaster />)
    // Nothing of sonner is on the page until a notice (or an idle moment) asks for it.
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull()
    showNotice({ tone: 'error', text: '通信に失敗しました' }, (key) => key)
    showNotice({ tone: 'success', key: 'saved' }, (key) => `翻訳:${key}`)
    // The toaster's code is loaded now, on demand: on a busy machine that can take a while.
    expect(await screen.findByText('通信に失敗しました', {}, { timeout: 10_000 })).toBeTruthy()
    expect(await screen.findByText('翻訳:saved')).toBeTruthy()
    expect(document.querySelector('[data-sonner-toaster]')).not.toBeNull()
  })
})
