/**
 * Just enough of ISO BMFF (fragmented MP4 / CMAF, ISO/IEC 14496-12) to package what ffmpeg's mp4
 * muxer writes into Low-Latency HLS: split the byte stream into top-level boxes, read the tracks
 * of the init segment, read each fragment's timing and whether it starts with a keyframe, and
 * move a fragment's decode times. ffmpeg writes the media; nothing here makes a box.
 */

/** Splits a byte stream into whole top-level boxes as they complete. */
export class BoxSplitter {
  private pending: Buffer = Buffer.alloc(0)

  /** The boxes that `chunk` completes, in order, each as its own buffer. */
  push(chunk: Buffer): Array<{ type: string; data: Buffer }> {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk])
    const boxes: Array<{ type: string; data: Buffer }> = []
    let offset = 0
    while (this.pending.length - offset >= 8) {
      let size = this.pending.readUInt32BE(offset)
      if (size === 1) {
        if (this.pending.length - offset < 16) break
        size = Number(this.pending.readBigUInt64BE(offset + 8))
      }
      if (size < 8) throw new Error(`fmp4: a box of ${size} bytes`)
      if (this.pending.length - offset < size) break
      boxes.push({
        type: this.pending.toString('latin1', offset + 4, offset + 8),
        data: this.pending.subarray(offset, offset + size),
      })
      offset += size
    }
    // Copy the rest so a finished box never pins the whole chunk it came in.
    this.pending = Buffer.from(this.pending.subarray(offset))
    return boxes
  }
}

interface RawBox {
  type: string
  /** Where the payload starts (after the header). */
  body: number
  end: number
}

/** The child boxes of `buf` between `start` and `end`. */
function children(buf: Buffer, start: number, end: number): RawBox[] {
  const out: RawBox[] = []
  let offset = start
  while (offset + 8 <= end) {
    let size = buf.readUInt32BE(offset)
    let header = 8
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(offset + 8))
      header = 16
    } else if (size === 0) size = end - offset
    if (size < header || offset + size > end) break
    out.push({
      type: buf.toString('latin1', offset + 4, offset + 8),
      body: offset + header,
      end: offset + size,
    })
    offset += size
  }
  return out
}

const child = (buf: Buffer, parent: RawBox, type: string) =>
  children(buf, parent.body, parent.end).find((b) => b.type === type)

/** Follows a path of box types from `parent`; undefined where one is missing. */
function path(buf: Buffer, parent: RawBox, ...types: string[]): RawBox | undefined {
  let at: RawBox | undefined = parent
  for (const type of types) {
    if (!at) return undefined
    at = child(buf, at, type)
  }
  return at
}

export interface TrackInfo {
  id: number
  kind: 'video' | 'audio' | 'other'
  timescale: number
  /** The RFC 6381 codec string (`avc1.64001f`, `mp4a.40.2`), as a master playlist's CODECS. */
  codec: string | null
  width: number | null
  height: number | null
  /** trex defaults, used where a fragment says nothing. */
  defaultDuration: number
  defaultFlags: number
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0')

/** `avc1.PPCCLL` from an avcC box, or the sample entry's own name. */
function videoCodec(buf: Buffer, entry: RawBox): string {
  // A visual sample entry has 78 bytes of fields before its child boxes.
  const avcC = children(buf, entry.body + 78, entry.end).find((b) => b.type === 'avcC')
  if (!avcC) return buf.toString('latin1', entry.body - 4, entry.body)
  return `avc1.${hex2(buf[avcC.body + 1] ?? 0)}${hex2(buf[avcC.body + 2] ?? 0)}${hex2(buf[avcC.body + 3] ?? 0)}`
}

/** `mp4a.40.N` (N the AAC object type) from an esds box. */
function audioCodec(buf: Buffer, entry: RawBox): string {
  // An audio sample entry has 28 bytes of fields before its child boxes.
  const esds = children(buf, entry.body + 28, entry.end).find((b) => b.type === 'esds')
  if (!esds) return buf.toString('latin1', entry.body - 4, entry.body)
  // Descriptors: tag, a size of 1–4 bytes (high bit: more follow), then the payload.
  let offset = esds.body + 4
  let objectType = 0x40
  while (offset < esds.end) {
    const tag = buf[offset++] ?? 0
    let size = 0
    for (let i = 0; i < 4; i++) {
      const byte = buf[offset++] ?? 0
      size = (size << 7) | (byte & 0x7f)
      if ((byte & 0x80) === 0) break
    }
    if (tag === 0x03)
      offset += 3 // ES_ID and flags; assumes no optional fields (ffmpeg writes none)
    else if (tag === 0x04) {
      objectType = buf[offset] ?? 0x40
      offset += 13
    } else if (tag === 0x05) {
      const aot = (buf[offset] ?? 0) >> 3
      return `mp4a.${hex2(objectType)}.${aot}`
    } else offset += size
  }
  return `mp4a.${hex2(objectType)}`
}

/** The tracks of an init segment (`ftyp` + `moov`). */
export function parseInit(init: Buffer): TrackInfo[] {
  const moov = children(init, 0, init.length).find((b) => b.type === 'moov')
  if (!moov) throw new Error('fmp4: the init segment has no moov')
  const trex = new Map<number, { duration: number; flags: number }>()
  const mvex = child(init, moov, 'mvex')
  for (const box of mvex ? children(init, mvex.body, mvex.end) : []) {
    if (box.type !== 'trex') continue
    trex.set(init.readUInt32BE(box.body + 4), {
      duration: init.readUInt32BE(box.body + 12),
      flags: init.readUInt32BE(box.body + 20),
    })
  }
  return children(init, moov.body, moov.end)
    .filter((b) => b.type === 'trak')
    .map((trak) => {
      const tkhd = child(init, trak, 'tkhd')
      const mdhd = path(init, trak, 'mdia', 'mdhd')
      const hdlr = path(init, trak, 'mdia', 'hdlr')
      const stsd = path(init, trak, 'mdia', 'minf', 'stbl', 'stsd')
      if (!tkhd || !mdhd || !hdlr || !stsd) throw new Error('fmp4: an incomplete trak')
      const id = init.readUInt32BE(tkhd.body + (init[tkhd.body] === 1 ? 20 : 12))
      const timescale = init.readUInt32BE(mdhd.body + (init[mdhd.body] === 1 ? 20 : 12))
      const handler = init.toString('latin1', hdlr.body + 8, hdlr.body + 12)
      const entry = children(init, stsd.body + 8, stsd.end)[0]
      const kind = handler === 'vide' ? 'video' : handler === 'soun' ? 'audio' : 'other'
      const defaults = trex.get(id) ?? { duration: 0, flags: 0 }
      return {
        id,
        kind,
        timescale,
        codec: !entry
          ? null
          : kind === 'video'
            ? videoCodec(init, entry)
            : kind === 'audio'
              ? audioCodec(init, entry)
              : null,
        width: kind === 'video' && entry ? init.readUInt16BE(entry.body + 24) : null,
        height: kind === 'video' && entry ? init.readUInt16BE(entry.body + 26) : null,
        defaultDuration: defaults.duration,
        defaultFlags: defaults.flags,
      } satisfies TrackInfo
    })
}

export interface TrackRun {
  id: number
  /** tfdt: the decode time of the first sample, in the track's timescale. */
  baseTime: number
  /** The samples' durations added up, in the track's timescale. */
  duration: number
  samples: number
  /** Sample bytes in this fragment. */
  bytes: number
  /** The first sample is a sync sample (a keyframe). */
  startsWithSync: boolean
}

/** sample_is_non_sync_sample is bit 16 of the sample flags (ISO/IEC 14496-12 8.8.3.1). */
const isSync = (flags: number) => (flags & 0x10000) === 0

/** Each track's run in one `moof`, with the defaults of `tracks` (from the init segment). */
export function parseMoof(moof: Buffer, tracks: readonly TrackInfo[]): TrackRun[] {
  const top = children(moof, 0, moof.length).find((b) => b.type === 'moof')
  if (!top) throw new Error('fmp4: not a moof')
  return children(moof, top.body, top.end)
    .filter((b) => b.type === 'traf')
    .map((traf) => {
      const tfhd = child(moof, traf, 'tfhd')
      if (!tfhd) throw new Error('fmp4: a traf without tfhd')
      const tfhdFlags = moof.readUInt32BE(tfhd.body) & 0xffffff
      const id = moof.readUInt32BE(tfhd.body + 4)
      const track = tracks.find((t) => t.id === id)
      let at = tfhd.body + 8
      if (tfhdFlags & 0x1) at += 8 // base data offset
      if (tfhdFlags & 0x2) at += 4 // sample description index
      let defaultDuration = track?.defaultDuration ?? 0
      let defaultSize = 0
      let defaultFlags = track?.defaultFlags ?? 0
      if (tfhdFlags & 0x8) {
        defaultDuration = moof.readUInt32BE(at)
        at += 4
      }
      if (tfhdFlags & 0x10) {
        defaultSize = moof.readUInt32BE(at)
        at += 4
      }
      if (tfhdFlags & 0x20) defaultFlags = moof.readUInt32BE(at)

      const tfdt = child(moof, traf, 'tfdt')
      const baseTime = !tfdt
        ? 0
        : moof[tfdt.body] === 1
          ? Number(moof.readBigUInt64BE(tfdt.body + 4))
          : moof.readUInt32BE(tfdt.body + 4)

      let duration = 0
      let samples = 0
      let bytes = 0
      let startsWithSync: boolean | null = null
      for (const trun of children(moof, traf.body, traf.end).filter((b) => b.type === 'trun')) {
        const flags = moof.readUInt32BE(trun.body) & 0xffffff
        const count = moof.readUInt32BE(trun.body + 4)
        let p = trun.body + 8
        if (flags & 0x1) p += 4 // data offset
        let firstFlags: number | null = null
        if (flags & 0x4) {
          firstFlags = moof.readUInt32BE(p)
          p += 4
        }
        for (let i = 0; i < count; i++) {
          let sampleFlags = i === 0 && firstFlags !== null ? firstFlags : defaultFlags
          if (flags & 0x100) {
            duration += moof.readUInt32BE(p)
            p += 4
          } else duration += defaultDuration
          if (flags & 0x200) {
            bytes += moof.readUInt32BE(p)
            p += 4
          } else bytes += defaultSize
          if (flags & 0x400) {
            sampleFlags = moof.readUInt32BE(p)
            p += 4
          }
          if (flags & 0x800) p += 4 // composition offset
          if (startsWithSync === null) startsWithSync = isSync(sampleFlags)
        }
        samples += count
      }
      return { id, baseTime, duration, samples, bytes, startsWithSync: startsWithSync ?? false }
    })
}

/**
 * Adds `offsetSeconds` to every track's decode time (tfdt) in a `moof` at the start of `data`,
 * in place: a run of ffmpeg starts its clock at 0, the live's timeline goes on.
 */
export function shiftDecodeTimes(
  data: Buffer,
  moofEnd: number,
  tracks: readonly TrackInfo[],
  offsetSeconds: number,
): void {
  // moof > traf > tfhd (track id), tfdt: walk the boxes rather than trust fixed offsets.
  for (const traf of children(data, 8, moofEnd).filter((b) => b.type === 'traf')) {
    let trackId = 0
    for (const box of children(data, traf.body, traf.end)) {
      if (box.type === 'tfhd') trackId = data.readUInt32BE(box.body + 4)
      if (box.type !== 'tfdt') continue
      const track = tracks.find((t) => t.id === trackId)
      const shift = Math.round(offsetSeconds * (track?.timescale ?? 1))
      if (data[box.body] === 1) {
        const value = data.readBigUInt64BE(box.body + 4) + BigInt(shift)
        data.writeBigUInt64BE(value < 0n ? 0n : value, box.body + 4)
      } else {
        data.writeUInt32BE(Math.max(0, data.readUInt32BE(box.body + 4) + shift) >>> 0, box.body + 4)
      }
    }
  }
}
