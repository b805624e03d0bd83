import { startBenchSite } from './bench/site.ts'
const { server, browser } = await startBenchSite()
for (let t = 0; t < 2; t++) {
  const context = await browser.newContext({ locale: 'ja-JP' })
  const page = await context.newPage()
  const t0 = Date.now()
  const log: string[] = []
  page.on('request', (r) => log.push(`${Date.now() - t0} > ${r.url().replace(server.url, '')}`))
  page.on('requestfinished', (r) => log.push(`${Date.now() - t0} < ${r.url().replace(server.url, '')}`))
  await page.goto(`${server.url}/r/kirari_hoshino`, { waitUntil: 'commit' })
  const at = await page.evaluate<number>(`new Promise((resolve) => { const w = () => { const v = document.querySelector('video'); if (!v) return requestAnimationFrame(w); v.requestVideoFrameCallback((now) => resolve(now)) }; w() })`)
  log.push(`${Date.now() - t0} FIRST FRAME (page ${Math.round(at)})`)
  if (t === 1) console.log(log.join('\n'))
  await context.close()
}
await browser.close(); await server.close(); process.exit(0)
