// The README's pictures of a room: `npm run screenshots` against a running demo (`npm start`),
// or `npm run screenshots -- http://host:port`. A phone at 390 px and a desktop at 1280 px, each
// once the live video plays and the comment stream has comments. Debian's fonts-noto-cjk and
// fonts-noto-color-emoji draw the text and the reaction buttons.
import path from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/e2e/chromium.ts'

const base = process.argv[2] ?? 'http://127.0.0.1:8080'
const room = `${base}/r/demo_liver_room`
const out = path.resolve(import.meta.dirname, 'images')

const shots = [
  {
    file: 'room-phone.png',
    options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
  { file: 'room-desktop.png', options: { viewport: { width: 1280, height: 800 } } },
]

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: CHROMIUM_ARGS,
})
try {
  for (const shot of shots) {
    const context = await browser.newContext({ locale: 'ja-JP', ...shot.options })
    const page = await context.newPage()
    await page.goto(room)
    // The video has played a while and bots' comments are listed.
    await page.waitForFunction(
      () => {
        const video = document.querySelector('video')
        return video !== null && video.currentTime > 2 && !video.paused
      },
      null,
      { timeout: 30_000 },
    )
    await page.getByTestId('comment').nth(2).waitFor({ timeout: 60_000 })
    // Every picture on the page (the commenters' avatars) has loaded.
    await page.waitForFunction(() => [...document.images].every((image) => image.complete), null, {
      timeout: 30_000,
    })
    await page.screenshot({ path: path.join(out, shot.file) })
    console.log(`wrote ${path.join(out, shot.file)}`)
    await context.close()
  }
} finally {
  await browser.close()
}
