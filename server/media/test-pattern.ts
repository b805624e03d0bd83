import { spawn, type ChildProcess } from 'node:child_process'
import { ffmpegBin } from '../config-media.ts'

/**
 * Publishes a moving test pattern with a tone to `rtmpUrl/streamKey` with ffmpeg, as OBS would
 * (H.264/AAC over RTMP, 2 s keyframes), until the process is killed.
 */
export function publishTestPattern(rtmpUrl: string, streamKey: string): ChildProcess {
  const ffmpeg = ffmpegBin()
  return spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=15'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k'],
      ...['-f', 'flv', `${rtmpUrl.replace(/\/$/, '')}/${streamKey}`],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
}
