#!/usr/bin/env bash
# Makes the demo clip the demo rooms loop, in two renditions cut at the same 2-second keyframes:
#   source/  1280x720 H.264 baseline ~500 kb/s   (オリジナル画質)
#   low/     640x360  H.264 baseline ~200 kb/s   (低画質)
# 12 s of a broadcast-like scene at 24 fps — drifting colour gradients, two bars crossing the
# picture and a running clock — with a soft beep (AAC-LC mono, 32 kHz: 12 s is exactly 375 AAC
# frames, so the audio joins up at every loop), as MPEG-TS segments. The segments are committed;
# ffmpeg (with libfreetype) and the DejaVu fonts are only needed to make them again.
set -euo pipefail
cd "$(dirname "$0")"
rm -rf seg*.mpegts source low
FONT=/usr/share/fonts/truetype/dejavu
SCENE="drawbox=x='mod(t*160\\,1440)-160':y=520:w=160:h=18:color=white@0.55:t=fill,\
drawbox=x='1280-mod(t*240\\,1440)':y=580:w=90:h=12:color=0xffd36b@0.7:t=fill,\
drawtext=fontfile=$FONT/DejaVuSansMono.ttf:text='%{pts\\:hms}':x=(w-tw)/2:y=h*0.30:fontsize=h/7:\
fontcolor=white:box=1:boxcolor=black@0.35:boxborderw=18,\
drawtext=fontfile=$FONT/DejaVuSans-Bold.ttf:text='Kirari demo live':x=(w-tw)/2:y=h*0.56:\
fontsize=h/16:fontcolor=white@0.9"
make_rendition() { # name size video-bitrate level
  mkdir -p "$1"
  ffmpeg -hide_banner -loglevel error \
    -f lavfi -i "gradients=s=1280x720:r=24:speed=0.03:c0=0x241f3a:c1=0xc93a60:c2=0x2d5fb8:c3=0x15131d:nb_colors=4" \
    -f lavfi -i "sine=frequency=660:beep_factor=2:sample_rate=32000,volume=0.08" \
    -t 12 -map 0:v -map 1:a -vf "$SCENE,scale=$2" \
    -c:v libx264 -profile:v baseline -level "$4" -pix_fmt yuv420p -b:v "$3" -maxrate "$3" -bufsize "$3" \
    -g 48 -keyint_min 48 -sc_threshold 0 \
    -c:a aac -b:a 24k -ac 1 -ar 32000 \
    -f hls -hls_time 2 -hls_list_size 0 -hls_segment_filename "$1/seg%d.ts" "$1/clip.m3u8"
  rm -f "$1/clip.m3u8"
  # .mpegts, not .ts: TypeScript tooling would take .ts files for source.
  for f in "$1"/seg*.ts; do mv "$f" "${f%.ts}.mpegts"; done
}
make_rendition source 1280x720 500k 3.1
make_rendition low 640x360 200k 3.0
du -sh source low
