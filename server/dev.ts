import { createServer } from 'vite'
import { loadConfig } from './config.ts'
import { consoleLogger } from './logger.ts'
import { startServer } from './server.ts'

// `npm run dev`: the Kirari server on API_PORT (8081) and Vite with hot reload on PORT (8080),
// forwarding every server path to it (see vite.config.ts).
const logger = consoleLogger('kirari-dev')
const apiPort = Number(process.env.API_PORT ?? 8081)
process.env.API_PORT = String(apiPort)
// The push socket is not behind Vite's proxy (Vite's own hot reload uses `/`).
process.env.VITE_PUSH_URL = `ws://127.0.0.1:${apiPort}/`
const vitePort = Number(process.env.PORT ?? 8080)
// The local demo; the app's pages come from Vite's port, so the push socket takes that origin.
const api = await startServer(
  loadConfig({
    KIRARI_DEMO: '1',
    PUSH_ORIGINS: `http://127.0.0.1:${vitePort} http://localhost:${vitePort}`,
    ...process.env,
    PORT: String(apiPort),
  }),
  { logger },
)
const vite = await createServer({
  server: { port: vitePort, strictPort: true },
})
await vite.listen()
vite.printUrls()

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void Promise.all([vite.close(), api.close()]).then(() => process.exit(0))
  })
}
