#!/usr/bin/env bash
# Makes the demo clip the demo rooms loop: 12 s of a moving test pattern, 320x180, H.264
# baseline (no audio track: rooms start muted anyway), cut into 2-second MPEG-TS segments (committed; ffmpeg is not needed to run).
set -euo pipefail
cd "$(dirname "$0")"
rm -f seg*.ts seg*.mpegts clip.m3u8
ffmpeg -hide_banner -loglevel error \
  -f lavfi -i "testsrc2=size=320x180:rate=24" \
  -t 12 -c:v libx264 -profile:v baseline -pix_fmt yuv420p -b:v 120k -g 48 -keyint_min 48 -sc_threshold 0 \
  -an \
  -f hls -hls_time 2 -hls_list_size 0 -hls_segment_filename 'seg%d.ts' clip.m3u8
rm -f clip.m3u8
# .mpegts, not .ts: TypeScript tooling would take .ts files for source.
for f in seg*.ts; do mv "$f" "${f%.ts}.mpegts"; done
ls -la seg*.mpegts
