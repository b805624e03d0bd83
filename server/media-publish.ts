import { loadConfig } from './config.ts'
import { publishTestPattern } from './media/test-pattern.ts'

// `npm run media:publish -- <stream key>`: a test pattern into RTMP_URL, for trying the ingest
// without OBS. Ctrl+C stops it, which ends the live.
const key = process.argv[2]
if (!key) {
  console.error('usage: npm run media:publish -- <stream key from the broadcaster menu>')
  process.exit(1)
}
const child = publishTestPattern(loadConfig().rtmpUrl, key)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => child.kill('SIGINT'))
child.on('exit', (code) => process.exit(code ?? 0))
