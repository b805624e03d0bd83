import { spawn, type ChildProcess } from 'node:child_process'
import type { Readable } from 'node:stream'
import { BoxSplitter } from './fmp4.ts'
import { sourceArgs, type Rung } from './ladder.ts'

// What a live (live.ts) is fed from and tells: its publisher's input and events, and the pipe
// reader that turns ffmpeg's fMP4 into fragments.

export interface LiveEvents {
  /** The encoder's video stopped arriving (true) or came back (false). */
  stall(stalled: boolean): void
  log(message: string): void
  /** The source reader (re)started: a WebRTC sender is asked for a keyframe to begin with. */
  sourceStarted?(): void
  /**
   * When the publisher's video last arrived, where the host knows it better than from the
   * fragments: a browser's sound goes on when its camera stops (the page in the background), and
   * its viewers must see it away, not a frozen picture.
   */
  lastVideoAt?(): number
}

/** What a publisher brings to its live, and takes back when it goes (WHIP: its session's). */
export type PublisherEvents = Pick<LiveEvents, 'sourceStarted' | 'lastVideoAt'>

/** One reader of a publisher's media: ffmpeg's arguments and, for an SDP, what it reads on stdin. */
export interface ReaderInput {
  args: string[]
  stdin?: string
}

/**
 * Where a live's source comes from, and whether the ladder is transcoded from it. An OBS live
 * reads nginx-rtmp and gets a ladder; a browser live (WHIP) reads its RTP, and its ladder is
 * what the browser sends (simulcast `layers`, each read as it comes), so the host transcodes no
 * video for it.
 */
export interface SourceInput extends ReaderInput {
  kind: 'rtmp' | 'whip'
  ladder: boolean
  /** Lets go of what the readers held (a browser's loopback ports) once they have stopped. */
  release?: () => void
  layers?: Array<{ rung: Rung; input: ReaderInput }>
}

/** A reader or transcoder that died is started again after this (ms), doubling up to 8 s. */
export const restartWait = (restarts: number): number => Math.min(8000, 500 * 2 ** restarts)

/** Starts ffmpeg on `input`; its fMP4 (stdout) goes to `onInit`/`onFragment`, its errors to `log`. */
export function spawnReader(
  ffmpeg: string,
  input: ReaderInput,
  onInit: (init: Buffer) => void,
  onFragment: (moof: Buffer, mdat: Buffer) => void,
  log: (message: string) => void,
): ChildProcess {
  const child = spawn(ffmpeg, input.args, {
    stdio: [input.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  })
  if (input.stdin !== undefined) {
    child.stdin?.on('error', () => {}) // it exited at once: its exit says why
    child.stdin?.end(input.stdin)
  }
  const { stdout, stderr } = child
  if (!stdout || !stderr) throw new Error('ffmpeg was started without its pipes')
  pump(stdout, onInit, onFragment)
  stderr.on('data', (d: Buffer) => log(d.toString().trim()))
  return child
}

/** An OBS live: ffmpeg reads the encoder's stream from nginx-rtmp. */
export const rtmpSource = (rtmpPlayUrl: string): SourceInput => ({
  kind: 'rtmp',
  args: sourceArgs(rtmpPlayUrl),
  ladder: true,
})

/** Reads fMP4 from a process's pipe into a rendition: init, then `moof`+`mdat` pairs. */
export function pump(
  stream: Readable,
  onInit: (init: Buffer) => void,
  onFragment: (moof: Buffer, mdat: Buffer) => void,
): void {
  const splitter = new BoxSplitter()
  let ftyp: Buffer | null = null
  let moof: Buffer | null = null
  stream.on('data', (chunk: Buffer) => {
    for (const box of splitter.push(chunk)) {
      if (box.type === 'ftyp') ftyp = box.data
      else if (box.type === 'moov') onInit(ftyp ? Buffer.concat([ftyp, box.data]) : box.data)
      else if (box.type === 'moof') moof = box.data
      else if (box.type === 'mdat' && moof) {
        onFragment(moof, box.data)
        moof = null
      }
    }
  })
}
