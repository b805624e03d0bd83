import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import nodeDataChannel, {
  type RtpPacketizationConfig,
  type RtpPacketizer,
  type Track,
} from 'node-datachannel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OBS_ROOM as ROOM, endLive, obsKeyOf, openLiveOf, rotateKey } from './obs-fixtures.ts'
import { startWhipSite, until, type WhipSite } from './whip-fixtures.ts'

// OBS's WHIP output (OBS 30 and later) is built on libdatachannel; Debian ships OBS 29, which has
// none. So the publisher here is libdatachannel itself (node-datachannel), doing what OBS's
// whip-output does: a send-only Opus track and a send-only H.264 track (its packetizer, RTCP
// sender reports and NACK responder), the complete offer POSTed with the stream key as Bearer
// token, the answer applied, Annex-B access units sent as the encoder makes them, and a DELETE of
// the Location at the end.

const FFMPEG = '/usr/bin/ffmpeg'
const FPS = 30

function available(): boolean {
  const ok = fs.existsSync(FFMPEG)
  if (!ok && process.env.CI) throw new Error('CI=true but ffmpeg is missing')
  return ok
}

/** H.264 access units (Annex B) as x264 makes them for OBS: constrained baseline, a keyframe a second. */
function accessUnits(seconds: number): Buffer[] {
  const stream = execFileSync(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=${FPS}:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
      ...['-profile:v', 'baseline', '-g', String(FPS), '-x264-params', 'aud=1'],
      ...['-f', 'h264', 'pipe:1'],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  )
  // Each access unit begins with its delimiter (NAL type 9).
  const units: Buffer[] = []
  let start = -1
  for (let i = 0; i + 4 < stream.length; i++) {
    const code =
      stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 0 && stream[i + 3] === 1
    if (!code || ((stream[i + 4] ?? 0) & 0x1f) !== 9) continue
    if (start >= 0) units.push(stream.subarray(start, i))
    start = i
  }
  if (start >= 0) units.push(stream.subarray(start))
  return units
}

class ObsLikePublisher {
  readonly pc = new nodeDataChannel.PeerConnection('obs', { iceServers: [] })
  private readonly video: Track
  private readonly audio: Track
  private readonly videoConfig: RtpPacketizationConfig
  private readonly audioConfig: RtpPacketizationConfig
  private timer: NodeJS.Timeout | undefined
  location: string | null = null

  constructor() {
    const audio = new nodeDataChannel.Audio('0', 'SendOnly')
    audio.addOpusCodec(111)
    audio.addSSRC(0x1111, 'obs', 'obs-stream', 'obs-audio')
    this.audio = this.pc.addTrack(audio)
    this.audioConfig = new nodeDataChannel.RtpPacketizationConfig(0x1111, 'obs', 111, 48000)
    this.audio.setMediaHandler(this.chain(new nodeDataChannel.RtpPacketizer(this.audioConfig)))
    const video = new nodeDataChannel.Video('1', 'SendOnly')
    video.addH264Codec(96)
    video.addSSRC(0x2222, 'obs', 'obs-stream', 'obs-video')
    this.video = this.pc.addTrack(video)
    this.videoConfig = new nodeDataChannel.RtpPacketizationConfig(0x2222, 'obs', 96, 90000)
    this.video.setMediaHandler(
      this.chain(new nodeDataChannel.H264RtpPacketizer('LongStartSequence', this.videoConfig)),
    )
  }

  /** A packetizer, then sender reports and answers to NACKs, as OBS's chain is. */
  private chain(packetizer: RtpPacketizer): RtpPacketizer {
    packetizer.addToChain(new nodeDataChannel.RtcpSrReporter(packetizer.rtpConfig))
    packetizer.addToChain(new nodeDataChannel.RtcpNackResponder())
    return packetizer
  }

  /** The complete offer, once every candidate is gathered (OBS does not trickle). */
  async offer(): Promise<string> {
    const gathered = new Promise<void>((resolve) => {
      this.pc.onGatheringStateChange((state) => {
        if (state === 'complete') resolve()
      })
    })
    this.pc.setLocalDescription()
    await gathered
    return this.pc.localDescription()?.sdp ?? ''
  }

  async publish(url: string, key: string): Promise<{ status: number; text: string }> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/sdp',
        authorization: `Bearer ${key}`,
        'user-agent': 'Mozilla/5.0 (OBS-Studio/30.2.3; Linux x86_64)',
      },
      body: await this.offer(),
    })
    const text = await response.text()
    const location = response.headers.get('location')
    this.location = location && new URL(location, url).href
    if (response.status === 201) this.pc.setRemoteDescription(text, 'answer')
    return { status: response.status, text }
  }

  /** Sends the encoder's access units at its frame rate, and Opus silence every 20 ms, looping. */
  send(units: Buffer[]): void {
    let frame = 0
    let audioAt = 0
    const started = Date.now()
    this.timer = setInterval(() => {
      const due = Math.floor(((Date.now() - started) / 1000) * FPS)
      while (frame <= due) {
        if (this.video.isOpen()) {
          this.videoConfig.timestamp = (frame * 90000) / FPS
          this.video.sendMessageBinary(units[frame % units.length] ?? Buffer.alloc(0))
        }
        frame++
      }
      while (audioAt <= (Date.now() - started) / 20) {
        if (this.audio.isOpen()) {
          this.audioConfig.timestamp = audioAt * 960
          this.audio.sendMessageBinary(Buffer.from([0xf8, 0xff, 0xfe]))
        }
        audioAt++
      }
    }, 10)
  }

  async stop(key: string): Promise<number | undefined> {
    clearInterval(this.timer)
    const status = this.location
      ? (
          await fetch(this.location, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${key}` },
          })
        ).status
      : undefined
    this.pc.close()
    return status
  }
}

describe.runIf(available())('publishing with libdatachannel, as OBS’s WHIP output does', () => {
  let site: WhipSite
  let publisher: ObsLikePublisher | undefined

  beforeAll(async () => {
    site = await startWhipSite('pglite')
    const open = await openLiveOf(site.server, site.roomId)
    if (open) expect((await endLive(site.liver, open)).status).toBe(200)
    expect((await rotateKey(site.liver, site.roomId)).status).toBe(200)
  })
  afterAll(async () => {
    publisher?.pc.close()
    await site.close()
  })

  it('goes live with the stream key, is packaged as it was sent, and DELETE ends the session', async () => {
    const key = await obsKeyOf(site.liver, site.roomId)
    const { body } = await site.liver.json(`/api/obs/obs_key?room_id=${site.roomId}`)
    publisher = new ObsLikePublisher()
    const answer = await publisher.publish(String(body.whip_url), key)
    expect(answer.status, answer.text).toBe(201)
    expect(publisher.location).toMatch(/\/whip\/sessions\//)
    publisher.send(accessUnits(2))

    await until(
      async () => (await openLiveOf(site.server, site.roomId)) !== undefined,
      15_000,
      'the live on air',
    )
    const source = `${site.mediaOrigin}/lives/${ROOM}/source/`
    const playlist = await until(
      async () => {
        const r = await fetch(source + 'll.m3u8')
        const text = r.ok ? await r.text() : ''
        return /#EXTINF/.test(text) ? text : undefined
      },
      20_000,
      'a complete segment',
    )
    // The segment is the encoder's H.264 as it was sent (640×360, no ladder made from it) and
    // its sound AAC.
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1] ?? ''
    const segment = /^(\d+\.m4s)$/m.exec(playlist)?.[1] ?? ''
    const bytes = Buffer.concat(
      await Promise.all(
        [init, segment].map(async (name) =>
          Buffer.from(await (await fetch(source + name)).arrayBuffer()),
        ),
      ),
    )
    // From a file: ffprobe stops reading a pipe once it knows enough (the writer's EPIPE).
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-obs-whip-')), 'seg.mp4')
    fs.writeFileSync(file, bytes)
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file]).toString(),
    ) as {
      streams: Array<{ codec_name: string; width?: number; height?: number; profile?: string }>
    }
    fs.rmSync(path.dirname(file), { recursive: true, force: true })
    const video = probe.streams.find((s) => s.codec_name === 'h264')
    expect(video).toMatchObject({ width: 640, height: 360 })
    expect(video?.profile).toMatch(/Baseline/)
    expect(probe.streams.some((s) => s.codec_name === 'aac')).toBe(true)
    const status = (await (
      await fetch(`${site.mediaOrigin}/lives/${ROOM}/status.json`)
    ).json()) as {
      renditions: Array<{ name: string }>
    }
    expect(status.renditions.map((r) => r.name)).toEqual(['source'])

    expect(await publisher.stop(key)).toBe(200)
    await until(
      () => Promise.resolve(site.host.whip.sessions.size === 0),
      5_000,
      'the session gone',
    )
  })
})
