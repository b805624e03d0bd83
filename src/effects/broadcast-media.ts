import {
  BroadcastFailure,
  type CameraFailure,
  type Capture,
  type Facing,
} from '../machines/broadcast/broadcast.machine.ts'

// The camera and microphone of the broadcast page (issue #51).

/** Portrait by default; a phone turned sideways gives landscape by itself. */
const videoConstraints = (facing: Facing): MediaTrackConstraints => ({
  facingMode: facing,
  width: { ideal: 720 },
  height: { ideal: 1280 },
  frameRate: { ideal: 30 },
})

const AUDIO: MediaTrackConstraints = {
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
}

/** Every stream this page opened and has not stopped: stopped together when the page goes. */
const open = new Set<MediaStream>()

function cameraFailure(error: unknown): BroadcastFailure {
  // A DOMException (not an Error in every engine): its name tells why.
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : ''
  const reason: CameraFailure =
    name === 'NotAllowedError' || name === 'SecurityError'
      ? 'denied'
      : name === 'NotFoundError' || name === 'OverconstrainedError'
        ? 'notFound'
        : name === 'NotReadableError' || name === 'AbortError'
          ? 'inUse'
          : 'failed'
  return new BroadcastFailure({ kind: 'camera', reason })
}

function getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream> {
  // Only a secure context (https, or localhost) has navigator.mediaDevices.
  if (typeof navigator === 'undefined' || !('mediaDevices' in navigator)) {
    return Promise.reject(new BroadcastFailure({ kind: 'camera', reason: 'insecure' }))
  }
  return navigator.mediaDevices.getUserMedia(constraints).catch((error: unknown) => {
    throw cameraFailure(error)
  })
}

/** Opens the camera facing `facing` and the microphone. */
export async function acquireCapture(facing: Facing): Promise<Capture> {
  const stream = await getUserMedia({ video: videoConstraints(facing), audio: AUDIO })
  open.add(stream)
  return { stream, facing }
}

const isLive = (track: MediaStreamTrack | undefined) => track?.readyState === 'live'

/**
 * The capture with the camera facing `facing`, and with any track the phone stopped (in the
 * background) opened again; the same capture when nothing needs doing. A camera that will not
 * switch leaves the one before (the machine says the switch failed).
 */
export async function recapture(capture: Capture, facing: Facing): Promise<Capture> {
  const [video] = capture.stream.getVideoTracks()
  const [audio] = capture.stream.getAudioTracks()
  const needVideo = facing !== capture.facing || !isLive(video)
  const needAudio = !isLive(audio)
  if (!needVideo && !needAudio) return capture
  // Most phones open one camera at a time: the old one stops first.
  if (needVideo) video?.stop()
  const audioAsked = needAudio ? AUDIO : false
  let opened: MediaStream
  let got = facing
  try {
    opened = await getUserMedia({ video: needVideo && videoConstraints(facing), audio: audioAsked })
  } catch (error) {
    if (facing === capture.facing) throw error
    opened = await getUserMedia({ video: videoConstraints(capture.facing), audio: audioAsked })
    got = capture.facing
  }
  const tracks = [
    ...(needVideo ? opened.getVideoTracks() : video ? [video] : []),
    ...(needAudio ? opened.getAudioTracks() : audio ? [audio] : []),
  ]
  if (needAudio) audio?.stop()
  const stream = new MediaStream(tracks)
  open.delete(capture.stream)
  open.add(stream)
  return { stream, facing: got }
}

/** The microphone on or off: the track stays, silent while off (no renegotiation). */
export function setMicrophone(capture: Capture | null, on: boolean): void {
  for (const track of capture?.stream.getAudioTracks() ?? []) track.enabled = on
}

/** The camera light goes off. */
export function stopCapture(capture: Capture | null): void {
  if (!capture) return
  for (const track of capture.stream.getTracks()) track.stop()
  open.delete(capture.stream)
}

/** Every capture still open (the page is going). */
export function stopAllCaptures(): void {
  for (const stream of open) for (const track of stream.getTracks()) track.stop()
  open.clear()
}
