import fs from 'node:fs'
import type { Browser } from 'playwright-core'
import type { ObsKeyAnswer } from '../src/contract/obs.ts'
import type { TestClient } from '../test/server/client.ts'
import { BAND_ROWS, FPS, HEIGHT, PAINTER_SOURCE, WIDTH } from './frame-clock.ts'
import { getJson, percentile, until, watchRoom } from './g2g-page.ts'
import type { Measure } from './report.ts'
import { SIMULCAST } from '../src/effects/broadcast-whip.ts'

/**
 * The broadcaster's page (issue #51): draws the scene and the wall-clock code into a 1280×720
 * canvas 30 times a second; the canvas's captureStream() is what it sends, over WebRTC to the
 * site's WHIP endpoint with the room's key, H.264 first and in the page's simulcast layers, as the
 * liver's page does. Its encoder's own figures (its top layer's) are read from getStats.
 */
const BROADCASTER = `async (paint, o) => {
  const canvas = document.createElement('canvas')
  canvas.width = ${WIDTH}
  canvas.height = ${HEIGHT}
  document.body.replaceChildren(canvas)
  const ctx = canvas.getContext('2d')
  let n = 0
  const draw = () => {
    n++
    ctx.fillStyle = 'rgb(128,128,128)'
    ctx.fillRect(0, 0, ${WIDTH}, ${BAND_ROWS})
    const sky = ctx.createLinearGradient((n * 6) % ${WIDTH}, ${BAND_ROWS}, ${WIDTH}, ${HEIGHT})
    sky.addColorStop(0, 'rgb(90,110,140)')
    sky.addColorStop(1, 'rgb(170,150,120)')
    ctx.fillStyle = sky
    ctx.fillRect(0, ${BAND_ROWS}, ${WIDTH}, ${HEIGHT - BAND_ROWS})
    ctx.fillStyle = 'rgb(230,230,230)'
    const x = Math.abs(((n * 14) % ${2 * (WIDTH - 160)}) - ${WIDTH - 160})
    ctx.fillRect(x, ${BAND_ROWS} + 150 + Math.round(150 * Math.sin(n / 23)), 160, 160)
    paint(ctx, Date.now())
  }
  draw()
  setInterval(draw, ${1000 / FPS})
  const stream = canvas.captureStream(${FPS})
  const audio = new AudioContext()
  const tone = audio.createOscillator()
  const out = audio.createMediaStreamDestination()
  tone.connect(out)
  tone.start()
  const pc = new RTCPeerConnection()
  const video = pc.addTransceiver(stream.getVideoTracks()[0], {
    direction: 'sendonly',
    sendEncodings: ${JSON.stringify(SIMULCAST)},
  })
  const codecs = RTCRtpSender.getCapabilities('video').codecs
  const h264 = codecs.filter((c) => c.mimeType === 'video/H264' && /packetization-mode=1/.test(c.sdpFmtpLine || ''))
  video.setCodecPreferences([...h264, ...codecs.filter((c) => !h264.includes(c))])
  pc.addTransceiver(out.stream.getAudioTracks()[0], { direction: 'sendonly' })
  await pc.setLocalDescription(await pc.createOffer())
  if (pc.iceGatheringState !== 'complete') {
    await new Promise((resolve) => {
      pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve())
      setTimeout(resolve, 2000)
    })
  }
  const answer = await fetch(o.whipUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp', authorization: 'Bearer ' + o.key },
    body: pc.localDescription.sdp,
  })
  const text = await answer.text()
  if (answer.status !== 201) throw new Error('WHIP ' + answer.status + ': ' + text)
  await pc.setRemoteDescription({ type: 'answer', sdp: text })
  window.__broadcast = pc
  return answer.headers.get('location')
}`

/** The sender's figures, from its outbound video stream's statistics. */
const SENDER_STATS = `(async () => {
  const report = await window.__broadcast.getStats()
  let out = null
  let rtt = NaN
  report.forEach((s) => {
    if (s.type === 'outbound-rtp' && s.kind === 'video' && (!out || (s.frameHeight || 0) > (out.frameHeight || 0))) out = s
    if (s.type === 'candidate-pair' && s.nominated && s.currentRoundTripTime !== undefined) rtt = s.currentRoundTripTime
  })
  return out && {
    encodeMs: (out.totalEncodeTime / out.framesEncoded) * 1000,
    pacerMs: (out.totalPacketSendDelay / out.packetsSent) * 1000,
    width: out.frameWidth,
    height: out.frameHeight,
    fps: out.framesPerSecond,
    codec: report.get(out.codecId)?.mimeType,
    implementation: out.encoderImplementation,
    rttMs: rtt * 1000,
  }
})()`

interface SenderStats {
  encodeMs: number
  pacerMs: number
  width: number
  height: number
  fps: number
  codec: string | undefined
  implementation: string
  rttMs: number
}

/** CPU seconds (user + system) `pid` and every process under it have used. */
export function cpuSecondsOf(pid: number): number {
  const ticks = 100 // USER_HZ on Linux
  const children = new Map<number, number[]>()
  const used = new Map<number, number>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const parent = Number(fields[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
      used.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / ticks)
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0
  const walk = (p: number) => {
    total += used.get(p) ?? 0
    for (const child of children.get(p) ?? []) walk(child)
  }
  walk(pid)
  return total
}

/**
 * Glass-to-glass of a browser live (issue #51), on the same site and media host as the OBS path
 * just measured: the liver's key is renewed (which lets the OBS encoder go), a broadcaster page
 * sends its canvas over WHIP, a viewer's page reads the frames' codes back. The media host's CPU
 * (its process and its ffmpeg) is read over the window, for one browser live.
 */
export async function measureBrowserPath(o: {
  browser: Browser
  siteUrl: string
  room: string
  roomId: number
  liver: TestClient
  mediaPid: number
  collectMs: number
  quick: boolean
  logs: () => string
}): Promise<Measure[]> {
  const renewed = await o.liver.postForm('/api/obs/obs_key', { room_id: String(o.roomId) })
  if (renewed.status !== 200) throw new Error(`renewing the key: ${renewed.status}`)
  const key = await getJson<ObsKeyAnswer>(o.liver, `/api/obs/obs_key?room_id=${o.roomId}`)
  const context = await o.browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    await page.goto(`${o.siteUrl}/robots.txt`)
    // The OBS encoder is let go within a second of the renewal; until then the room is taken.
    await until(
      async () => {
        try {
          return await page.evaluate<string>(
            `(${BROADCASTER})(${PAINTER_SOURCE}, ${JSON.stringify({ whipUrl: key.whip_url, key: key.obs_key })})`,
          )
        } catch (error) {
          if (String(error).includes('WHIP 409')) return undefined
          throw error
        }
      },
      15_000,
      () => `the browser could not publish\n${o.logs()}`,
      500,
    )
    const cpuBefore = { at: Date.now(), seconds: cpuSecondsOf(o.mediaPid) }
    const watched = await watchRoom(o.browser, `${o.siteUrl}/r/${o.room}`, o.collectMs, o.logs)
    const cpuAfter = { at: Date.now(), seconds: cpuSecondsOf(o.mediaPid) }
    const sender = await page.evaluate<SenderStats | null>(SENDER_STATS)
    const { ages } = watched
    const s = (ms: number) => Math.round(ms) / 1000
    const cpuShare = (cpuAfter.seconds - cpuBefore.seconds) / ((cpuAfter.at - cpuBefore.at) / 1000)
    const hls = percentile(watched.hlsLatency, 50)
    const median = percentile(ages, 50)
    const encodeMs = sender?.encodeMs ?? NaN
    const pacerMs = sender?.pacerMs ?? NaN
    const rest = median - encodeMs - pacerMs - hls * 1000
    console.log(
      `glass-to-glass, browser (WHIP): ${ages.length} readings, ${sender?.width}x${sender?.height} ` +
        `${sender?.codec} (${sender?.implementation}), median ${s(median)} s, p95 ${s(percentile(ages, 95))} s; ` +
        `stages: encode ${Math.round(encodeMs)} ms, pacer ${Math.round(pacerMs)} ms, ` +
        `media host + HTTP + decode ${Math.round(rest)} ms, player behind the live edge ${Math.round(hls * 1000)} ms (its target ${Math.round(percentile(watched.targetLatency, 50) * 1000)} ms); ` +
        `media host CPU ${Math.round(cpuShare * 1000) / 10} % of a core`,
    )
    const measures: Measure[] = [
      {
        name: 'browser: glass-to-glass median',
        value: s(median),
        unit: 's',
        target: { kind: 'max', value: 1.0 },
      },
      {
        name: 'browser: glass-to-glass p95',
        value: s(percentile(ages, 95)),
        unit: 's',
        target: { kind: 'max', value: 1.3 },
      },
      {
        name: 'browser: readings',
        value: ages.length,
        unit: '',
        target: { kind: 'min', value: o.quick ? 16 : 40 },
      },
      { name: 'browser: encoder (WebRTC), per frame', value: Math.round(encodeMs), unit: 'ms' },
      { name: 'browser: pacer (WebRTC), per packet', value: Math.round(pacerMs), unit: 'ms' },
      {
        name: "browser: player behind the live edge (hls.js's latency)",
        value: Math.round(hls * 1000),
        unit: 'ms',
      },
      {
        name: 'browser: media host, HTTP and decode (the rest)',
        value: Math.round(rest),
        unit: 'ms',
      },
      { name: 'browser: rendition played', value: watched.height, unit: 'p' },
      { name: 'browser: low-latency playlist played', value: watched.lowLatency ? 1 : 0, unit: '' },
      {
        name: 'browser: media host CPU for one live',
        value: Math.round(cpuShare * 1000) / 10,
        unit: '% of a core',
      },
      {
        name: 'browser: lives one core carries (by that CPU)',
        value: cpuShare > 0 ? Math.floor(1 / cpuShare) : 0,
        unit: '',
      },
    ]
    return measures
  } finally {
    await context.close()
  }
}
