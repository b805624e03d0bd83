import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`

// The SPA. In development (`npm run dev`) Vite serves it with hot reload and forwards every
// server path to the Kirari server; in production the server serves `dist/` itself.
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
  ],
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    proxy: Object.fromEntries(
      ['/api', '/sr', '/user', '/social', '/img', '/hls', '/dev/api'].map((p) => [
        p,
        { target: apiTarget, ws: true },
      ]),
    ),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // bench/bundle-size.ts reads which chunks each route loads.
    manifest: true,
  },
})
