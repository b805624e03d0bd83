import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import {
  SandboxChoiceBody,
  SandboxSessionParam,
  type SandboxOutcome,
} from '../../src/contract/shop.ts'
import type { AppEnv } from '../env.ts'
import { readBody } from '../request.ts'
import {
  SANDBOX_NAME,
  decideAsBuyer,
  findSandboxSession,
  sandboxSessionOpen,
} from '../services/payment-sandbox.ts'

const escapeHtml = (text: string) => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`)

const statusLabel = {
  pending: 'お支払い待ち',
  paid: 'お支払い済み',
  cancelled: 'キャンセル済み',
  failed: '失敗',
} as const

/** Where the browser goes back to on our site after each choice. */
const resultPath: Record<SandboxOutcome, string> = {
  pay: '/povo_ec/payment/success',
  cancel: '/povo_ec/payment/cancel',
  fail: '/povo_ec/payment/error',
}

const EXPIRED = 'この決済の有効期限が切れました'

function page(c: Context<AppEnv>, status: 200 | 400 | 404 | 409, body: string) {
  c.header('Cache-Control', 'no-store')
  return c.html(
    `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Kirari テスト決済</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body { margin: 0; font-family: system-ui, sans-serif; background: #f5f3f7; color: #1f1d2b; }
main { max-width: 420px; margin: 48px auto; padding: 24px; background: #fff; border-radius: 16px; box-shadow: 0 4px 20px rgba(0,0,0,.08); }
h1 { font-size: 20px; margin: 0 0 16px; }
.amount { font-size: 32px; font-weight: bold; margin: 8px 0 24px; }
.note { font-size: 13px; color: #6b6880; background: #fff7e6; padding: 8px 12px; border-radius: 8px; }
form { margin: 12px 0 0; }
button { width: 100%; padding: 14px; border: 0; border-radius: 10px; font-size: 16px; cursor: pointer; }
button[value=pay] { background: #f0507a; color: #fff; font-weight: bold; }
button[value=cancel] { background: #e7e5ee; color: #1f1d2b; }
button[value=fail] { background: #fff; color: #b42318; border: 1px solid #f3c5c0; }
</style>
</head>
<body><main>
<h1>Kirari テスト決済</h1>
${body}
</main></body>
</html>`,
    status,
  )
}

/**
 * The sandbox provider's hosted page (services/payment-sandbox.ts): outside /api, as a
 * gateway's page would be, so it needs no CSRF token — the session id is the secret. Its form
 * plays the gateway's webhook too: the choice is recorded, then the order is settled from it.
 */
export function paymentSandboxRoutes() {
  const api = new Hono<AppEnv>()

  const session = async (c: Context<AppEnv>) => {
    const path = v.safeParse(SandboxSessionParam, c.req.param())
    if (c.var.payments?.name !== SANDBOX_NAME || !path.success) return null
    return (await findSandboxSession(c.var.db, path.output.session_id)) ?? null
  }
  const notFound = (c: Context<AppEnv>) =>
    page(c, 404, '<p>この決済は見つかりません。</p><p><a href="/povo_ec">ショップへ戻る</a></p>')

  api.get('/:session_id', async (c) => {
    const found = await session(c)
    if (!found) return notFound(c)
    const summary = `<p>${escapeHtml(found.title)}</p>
<p class="amount">${found.amount.toLocaleString('ja-JP')}円</p>`
    if (found.status === 'pending' && !(await sandboxSessionOpen(c.var.db, found))) {
      return page(
        c,
        200,
        `${summary}<p>${EXPIRED}</p>
<p><a href="/povo_ec">ショップへ戻る</a></p>`,
      )
    }
    if (found.status !== 'pending') {
      return page(
        c,
        200,
        `${summary}<p>この決済は終了しています（${statusLabel[found.status]}）。</p>
<p><a href="/povo_ec">ショップへ戻る</a></p>`,
      )
    }
    const button = (outcome: SandboxOutcome, label: string) =>
      `<form method="post" action="/payment/sandbox/${found.id}"><button type="submit" id="sandbox-${outcome}" name="outcome" value="${outcome}">${label}</button></form>`
    return page(
      c,
      200,
      `${summary}
<p class="note">これはテスト用の決済画面です。実際のお金は動きません。</p>
${button('pay', '支払う')}
${button('cancel', 'キャンセル')}
${button('fail', '決済を失敗させる')}`,
    )
  })

  api.post('/:session_id', async (c) => {
    const found = await session(c)
    const provider = c.var.payments
    if (!found || !provider) return notFound(c)
    const choice = v.safeParse(SandboxChoiceBody, await readBody(c))
    if (!choice.success) return page(c, 400, '<p>操作を選んでください。</p>')
    const chosen = choice.output.outcome
    const orderLink = `<p><a href="/povo_ec/payment/success?order_id=${encodeURIComponent(found.order_id)}">注文の状態を見る</a></p>`
    const decision = await decideAsBuyer(c.var.db, provider, found, chosen)
    if (decision === 'expired') return page(c, 409, `<p>${EXPIRED}</p>\n${orderLink}`)
    if (decision === 'closed') {
      return page(c, 409, `<p>この決済はすでに終了しています。</p>\n${orderLink}`)
    }
    return c.redirect(`${resultPath[chosen]}?order_id=${encodeURIComponent(found.order_id)}`, 303)
  })

  return api
}
