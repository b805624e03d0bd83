// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { FLOWS_CHANNEL, type FlowMessage } from '../../src/domain/flow-messages.ts'
import { user } from '../model/fixtures.ts'
import { fakeApi, renderApp } from './render-app.tsx'

afterEach(cleanup)

const api = () => fakeApi({ '/api/current_user': user(), '/api/live/onlive_num': { num: 3 } })

describe('flow visualizer', () => {
  it('draws a known machine: its states as boxes, its guarded transitions, every machine listed', async () => {
    renderApp('/dev/flows?machine=report', api())
    const diagram = await screen.findByRole('group', { name: 'report の状態図' }, { timeout: 5000 })
    for (const state of ['report.closed', 'report.loading', 'report.editing', 'report.sending'])
      expect(within(diagram).getByRole('button', { name: state })).toBeTruthy()
    expect(within(diagram).getByText('report.open [hasCategories]')).toBeTruthy()
    const machines = screen.getByRole('navigation', { name: 'マシン' })
    for (const id of ['app', 'room', 'gacha', 'adWatch', 'flows'])
      expect(within(machines).getByRole('button', { name: id })).toBeTruthy()
  })

  it('plays the shortest path to a clicked state, and lights a live actor reported on the channel', async () => {
    renderApp('/dev/flows?machine=report', api())
    const diagram = await screen.findByRole('group', { name: 'report の状態図' }, { timeout: 5000 })
    fireEvent.click(within(diagram).getByRole('button', { name: 'report.sending' }))
    const step = await screen.findByTestId('path-step')
    expect(step.textContent).toBe('1 / 3 report.closed')
    fireEvent.click(screen.getByRole('button', { name: '次へ' }))
    expect(screen.getByTestId('path-step').textContent).toBe(
      '2 / 3 report.open [hasCategories] → report.editing',
    )

    const channel = new BroadcastChannel(FLOWS_CHANNEL)
    const message: FlowMessage = {
      kind: 'actor',
      tab: 'other',
      actorId: 'report#1',
      machineId: 'report',
      value: 'editing',
      status: 'active',
      at: Date.now(),
    }
    channel.postMessage(message)
    await waitFor(() =>
      expect(
        within(diagram)
          .getByRole('button', { name: 'report.editing' })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    )
    expect(screen.getByTestId('live-actor').textContent).toContain('editing')
    channel.close()
  })
})
