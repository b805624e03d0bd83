#!/usr/bin/env bash
# Makes the demo clip the demo rooms loop, in two renditions cut at the same 2-second keyframes:
#   source/  320x180 H.264 baseline ~120 kb/s   (オリジナル画質)
#   low/     160x90  H.264 baseline  ~40 kb/s   (低画質)
# 12 s of a moving test pattern at 24 fps with a soft beep (AAC-LC mono, 32 kHz: 12 s is exactly
# 375 AAC frames, so the audio joins up at every loop), as MPEG-TS segments. The segments are
# committed; ffmpeg is only needed to make them again.
set -euo pipefail
cd "$(dirname "$0")"
rm -rf seg*.mpegts source low
make_rendition() { # name size video-bitrate
  mkdir -p "$1"
  ffmpeg -hide_banner -loglevel error \
    -f lavfi -i "testsrc2=size=320x180:rate=24" \
    -f lavfi -i "sine=frequency=660:beep_factor=2:sample_rate=32000,volume=0.08" \
    -t 12 -map 0:v -map 1:a -vf "scale=$2" \
    -c:v libx264 -profile:v baseline -pix_fmt yuv420p -b:v "$3" -g 48 -keyint_min 48 -sc_threshold 0 \
    -c:a aac -b:a 24k -ac 1 -ar 32000 \
    -f hls -hls_time 2 -hls_list_size 0 -hls_segment_filename "$1/seg%d.ts" "$1/clip.m3u8"
  rm -f "$1/clip.m3u8"
  # .mpegts, not .ts: TypeScript tooling would take .ts files for source.
  for f in "$1"/seg*.ts; do mv "$f" "${f%.ts}.mpegts"; done
}
make_rendition source 320x180 120k
make_rendition low 160x90 40k
du -sh source low
