// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ErrorGroupEntry, ErrorGroupsAnswer } from '../../src/contract/dev.ts'
import type { VitalsAnswer } from '../../src/contract/vitals.ts'
import { NOW, user } from '../model/fixtures.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const site = (routes: Routes) =>
  fakeApi({ '/api/current_user': user(), '/api/live/onlive_num': { num: 1 }, ...routes })

const seen = NOW / 1000
const group = (over: Partial<ErrorGroupEntry>): ErrorGroupEntry => ({
  id: 1,
  source: 'client',
  title: "TypeError: Cannot read properties of undefined (reading 'name')",
  culprit: 'src/views/room/RoomPage.tsx in RoomHeader',
  count: 3,
  first_seen: seen - 3600,
  last_seen: seen,
  level: 'error',
  environment: 'demo',
  release: 'kirari@1.2.3',
  sample: {
    exception: {
      values: [
        {
          type: 'TypeError',
          value: "Cannot read properties of undefined (reading 'name')",
          stacktrace: {
            // Sentry's order: the innermost frame last.
            frames: [
              {
                function: 'renderRoot',
                filename: 'node_modules/react-dom.js',
                lineno: 1,
                colno: 9,
                in_app: false,
              },
              {
                function: 'RoomPage',
                filename: 'src/views/room/RoomPage.tsx',
                lineno: 40,
                colno: 3,
              },
              {
                function: 'RoomHeader',
                filename: 'src/views/room/RoomPage.tsx',
                lineno: 12,
                colno: 17,
              },
            ],
          },
        },
      ],
    },
  },
  ...over,
})

describe('/dev/errors', () => {
  it('lists a group with its count and facts; its frames open, innermost first', async () => {
    const answer: ErrorGroupsAnswer = {
      groups: [
        group({}),
        // A sample in a shape the page does not expect: shown without frames, not thrown on.
        group({
          id: 2,
          source: 'server',
          title: 'Error: boom',
          sample: { exception: 'nope' },
          count: 1,
        }),
      ],
    }
    renderApp('/dev/errors', site({ '/dev/api/errors': answer }))
    await screen.findByRole('heading', { level: 1, name: 'エラー（開発用）' })
    await waitFor(() => expect(document.title).toContain('エラー（開発用）'))
    const [first, second] = screen.getAllByTestId('error-group')
    if (!first || !second) throw new Error('two groups expected')
    const card = within(first)
    expect(card.getByRole('heading', { level: 2 }).textContent).toBe(answer.groups[0]?.title)
    expect(card.getByText('3件')).toBeTruthy()
    expect(card.getByText('アプリ')).toBeTruthy()
    expect(card.getByText('error')).toBeTruthy()
    expect(card.getByText('src/views/room/RoomPage.tsx in RoomHeader')).toBeTruthy()
    expect(card.getByText('demo')).toBeTruthy()
    expect(card.getByText('kirari@1.2.3')).toBeTruthy()
    // 2026-11-22 10:00 in Tokyo, and an hour before.
    expect(first.textContent).toMatch(/10:00/)
    expect(first.textContent).toMatch(/9:00/)

    const details = first.querySelector('details')
    expect(details?.open).toBe(false)
    fireEvent.click(card.getByText('スタックフレーム（3）'))
    await waitFor(() => expect(details?.open).toBe(true))
    const frames = card.getAllByTestId('error-frame').map((f) => f.textContent)
    expect(frames).toEqual([
      'RoomHeader src/views/room/RoomPage.tsx:12:17',
      'RoomPage src/views/room/RoomPage.tsx:40:3',
      'renderRoot node_modules/react-dom.js:1:9',
    ])
    expect(card.getByText('TypeError')).toBeTruthy()

    const other = within(second)
    expect(other.getByText('サーバー')).toBeTruthy()
    expect(other.getByText('スタックフレーム（0）')).toBeTruthy()
    expect(other.getByText('このイベントにはスタックフレームがありません。')).toBeTruthy()
    expect(other.queryAllByTestId('error-frame')).toEqual([])
  })

  it('says so when there is no error, and refreshes', async () => {
    const api = site({ '/dev/api/errors': { groups: [] } satisfies ErrorGroupsAnswer })
    renderApp('/dev/errors', api)
    await screen.findByText('まだエラーは記録されていません。')
    const before = api.calls.filter((c) => c === '/dev/api/errors').length
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }))
    await waitFor(() =>
      expect(api.calls.filter((c) => c === '/dev/api/errors').length).toBeGreaterThan(before),
    )
  })
})

describe('/dev/vitals', () => {
  const answer: VitalsAnswer = {
    since: seen - 3600,
    vitals: [
      { route: '/', metric: 'LCP', count: 40, p50: 1800, p75: 3000, p95: 5200 },
      { route: '/r/$roomUrlKey', metric: 'TTFF', count: 12, p50: 1200, p75: 1850, p95: 4300 },
      { route: '/r/$roomUrlKey', metric: 'comment_frame_drop', count: 5, p50: 0, p75: 2, p95: 7 },
    ],
  }

  it('shows each route’s p50/p75/p95 with units, as bars, and rates LCP by web.dev', async () => {
    renderApp('/dev/vitals', site({ '/dev/api/vitals': answer }))
    await screen.findByRole('heading', { level: 1, name: 'Web Vitals（開発用）' })

    const ttff = within(screen.getByTestId('vitals-TTFF'))
    const table = ttff.getByRole('table', { name: /TTFF/ })
    const row = within(table).getByRole('row', { name: /\/r\/\$roomUrlKey/ })
    expect(within(row).getByText('サンプル数 12')).toBeTruthy()
    const values = ['p50', 'p75', 'p95'].map((p) => within(row).getByTestId(`vital-${p}`))
    expect(values.map((v) => v.textContent)).toEqual(['p501,200 ms', 'p751,850 ms', 'p954,300 ms'])
    expect(ttff.getByText('単位：ミリ秒')).toBeTruthy()
    // The longest bar fills the track; the others are in proportion.
    const widths = values.map((v) => v.querySelector<HTMLElement>('.vital-bar__fill')?.style.width)
    expect(widths[2]).toBe('100%')
    expect(Number.parseFloat(widths[0] ?? '')).toBeCloseTo((1200 / 4300) * 100, 1)

    const lcp = within(screen.getByTestId('vitals-LCP'))
    expect(lcp.getByText(/2,500 ms以下が良好/)).toBeTruthy()
    expect(lcp.getByTestId('vital-p50').textContent).toContain('良好')
    expect(lcp.getByTestId('vital-p75').textContent).toContain('要改善')
    expect(lcp.getByTestId('vital-p95').textContent).toContain('5,200 ms · 不良')
    expect(lcp.getByTestId('vital-p95').className).toContain('vital-bar--poor')

    // Frame drops are counts, without milliseconds or a rating.
    const drops = within(screen.getByTestId('vitals-comment_frame_drop'))
    expect(drops.getByText('単位：フレーム')).toBeTruthy()
    expect(drops.getByTestId('vital-p95').textContent).toBe('p957')
    expect(screen.queryByTestId('vitals-CLS')).toBeNull()
  })

  it('says so when the last hour has no figures', async () => {
    renderApp('/dev/vitals', site({ '/dev/api/vitals': { since: seen - 3600, vitals: [] } }))
    await screen.findByText('直近1時間の計測値はまだありません。')
    expect(screen.queryByRole('table')).toBeNull()
  })
})
