// A bare player page for bench/first-frame.ts: the room lookup, then streaming_url, then hls.js
// plays the room's first playable playlist (hls_all), in low-latency mode as the app does.
const key = new URLSearchParams(location.search).get('room')
const get = async (url) => (await fetch(url)).json()
const status = await get(`/api/room/status?room_url_key=${encodeURIComponent(key)}`)
const urls = await get(`/api/live/streaming_url?room_id=${status.room_id}`)
const stream = urls.streaming_url_list.find((s) => s.type === 'hls_all')
const video = document.querySelector('video')
// `Hls`: the global hls.js's UMD build sets.
const hls = new Hls({ lowLatencyMode: true })
hls.loadSource(stream.url)
hls.attachMedia(video)
hls.on('hlsManifestParsed', () => void video.play())
