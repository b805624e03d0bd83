#!/usr/bin/env bash
# Makes Kirari's own house ad, the clip the ad-reward lottery plays (services/ad-reward.ts
# AD_VIDEO: 6 s). 320x180 H.264 baseline ~100 kb/s with a soft chime, MP4 with the index first so
# it starts at once. The file is committed; ffmpeg is only needed to make it again.
set -euo pipefail
cd "$(dirname "$0")"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "mandelbrot=size=320x180:rate=24:end_scale=0.05" \
  -f lavfi -i "sine=frequency=880:beep_factor=4:sample_rate=32000,volume=0.06" \
  -t 6 -map 0:v -map 1:a \
  -vf "hue=h=300:s=1.4,fade=in:0:12,fade=out:st=5.5:d=0.5" \
  -c:v libx264 -profile:v baseline -pix_fmt yuv420p -b:v 100k -g 48 \
  -c:a aac -b:a 24k -ac 1 -ar 32000 -movflags +faststart kirari-ad.mp4
du -h kirari-ad.mp4
