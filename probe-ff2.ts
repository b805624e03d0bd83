import fs from 'node:fs'
import { startBenchSite } from './bench/site.ts'
const { server, browser } = await startBenchSite()
for (let t = 0; t < 2; t++) {
  const context = await browser.newContext({ locale: 'ja-JP' })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start')
  await page.goto(`${server.url}/r/kirari_hoshino`, { waitUntil: 'commit' })
  const at = await page.evaluate<number>(`new Promise((resolve) => { const w = () => { const v = document.querySelector('video'); if (!v) return requestAnimationFrame(w); v.requestVideoFrameCallback((now) => resolve(now)) }; w() })`)
  const { profile } = await cdp.send('Profiler.stop')
  if (t === 1) { fs.writeFileSync('/tmp/prof/page.cpuprofile', JSON.stringify(profile)); console.log('first frame', at) }
  await context.close()
}
await browser.close(); await server.close(); process.exit(0)
