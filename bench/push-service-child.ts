// A child process of bench/web-push.ts: the local push service (test/push-service.ts) on a core
// of its own. stdin `subscribe <n> <vapid public key> <file>` writes n subscriptions to <file>
// (JSON lines) and answers `subscribed`; `count` answers how many messages it has accepted and
// refused, and when the last one came (Date.now()); `done` exits.
import fs from 'node:fs'
import readline from 'node:readline'
import { startLocalPushService } from '../test/push-service.ts'

const service = await startLocalPushService()
// Only the count is kept (50,000 decrypted payloads need not stay), and when the last one came.
let total = 0
let last = 0
const tally = () => {
  if (service.received.length === 0) return
  total += service.received.length
  service.received.length = 0
  last = Date.now()
}
setInterval(tally, 5).unref()
process.stdout.write(`ready ${service.origin}\n`)
for await (const line of readline.createInterface({ input: process.stdin })) {
  const [command, ...args] = line.trim().split(' ')
  if (command === 'subscribe') {
    const [n = '0', key = '', file = ''] = args
    const out = fs.createWriteStream(file)
    for (let i = 0; i < Number(n); i++) {
      if (!out.write(JSON.stringify(service.subscribe(key)) + '\n')) {
        await new Promise<void>((resolve) => out.once('drain', () => resolve()))
      }
    }
    await new Promise<void>((resolve) => out.end(() => resolve()))
    process.stdout.write('subscribed\n')
  } else if (command === 'count') {
    tally()
    process.stdout.write(
      `${JSON.stringify({ accepted: total, refused: service.refused.length, last })}\n`,
    )
  } else if (command === 'done') {
    await service.close()
    process.exit(0)
  }
}
