import { fromCallback, fromPromise } from 'xstate'
import { ApiRequestError } from '../domain/api-failure.ts'
import { checkEcItemDraft } from '../domain/shop-forms.ts'
import { orderResultPath } from '../domain/shop-paths.ts'
import type { Effects } from './effects.ts'
import type { AppPorts } from './ports.ts'
import {
  confirmOrder,
  getEcEditor,
  getEcShop,
  getPackagePlans,
  getPlan,
  getShippingAddress,
  getShopHome,
  getTimeLimitedPack,
  saveEcItem,
  setEcItemVisibility,
  saveShippingAddress,
} from '../effects/api/shop.ts'
import { runClock } from '../effects/clock.ts'
import { createPayments } from '../effects/payments.ts'
import { ecEditorMachine } from '../machines/ec-shop/ec-editor.machine.ts'
import { ecShopMachine } from '../machines/ec-shop/ec-shop.machine.ts'
import { checkoutMachine } from '../machines/povo/checkout.machine.ts'
import { timeLimitedPackMachine } from '../machines/povo/time-limited-pack.machine.ts'

/**
 * The shop's machines with real effects: the povo checkout, the time-limited pack and a room's
 * item shop and editor. Loaded with the first shop page (src/compose/app.ts), not with the site.
 */
export function shopMachines(effects: Effects, ports: AppPorts) {
  const payments = createPayments(effects.api, effects.sessionStore, effects.newKey)
  const common = {
    notify: (_: unknown, notice: Parameters<AppPorts['notify']>[0]) => ports.notify(notice),
    reportError: (_: unknown, { error }: { error: unknown }) => ports.reportError(error),
    requireLogin: ports.requireLogin,
  }
  return {
    checkout: checkoutMachine.provide({
      actors: {
        loadHome: fromPromise(() => getShopHome(effects.api)),
        loadPackage: fromPromise(({ input }) => getPackagePlans(effects.api, input.packageId)),
        loadPlan: fromPromise(({ input }) => getPlan(effects.api, input.planId)),
        loadShipping: fromPromise(async ({ input }) => {
          const [plan, saved] = await Promise.all([
            getPlan(effects.api, input.planId),
            getShippingAddress(effects.api),
          ])
          return { ...plan, saved }
        }),
        saveShipping: fromPromise(({ input }) => saveShippingAddress(effects.api, input.address)),
        loadConfirm: fromPromise(async ({ input }) => {
          const purchase = { kind: 'plan', planId: input.planId } as const
          const [plan, saved, order] = await Promise.all([
            getPlan(effects.api, input.planId),
            getShippingAddress(effects.api),
            payments.openOrder(purchase),
          ])
          return { ...plan, saved, order }
        }),
        pay: fromPromise(({ input }) =>
          payments.pay({ kind: 'plan', planId: input.planId }, JSON.stringify(input.address)),
        ),
        confirmOrder: fromPromise(({ input }) => confirmOrder(effects.api, input.orderId)),
      },
      actions: {
        ...common,
        goTo: (_, { path }) => effects.go(path),
        refreshWallet: ports.refreshSession,
        leaveFor: (_, { url }) => effects.leaveFor(url),
      },
    }),
    timeLimitedPack: timeLimitedPackMachine.provide({
      actors: {
        loadPack: fromPromise(() => getTimeLimitedPack(effects.api)),
        clock: fromCallback(({ sendBack, input }) => runClock(sendBack, input.intervalMs)),
        pay: fromPromise(({ input }) => payments.pay({ kind: 'pack', packId: input.packId })),
      },
      actions: {
        ...common,
        leaveFor: (_, { url }) => effects.leaveFor(url),
        showResult: (_, { orderId }) => effects.go(orderResultPath(orderId)),
      },
    }),
    ecShop: ecShopMachine.provide({
      actors: {
        loadShop: fromPromise(({ input }) =>
          getEcShop(effects.api, input.roomUrlKey, input.loggedIn),
        ),
        pay: fromPromise(({ input }) =>
          payments.pay({ kind: 'item', ...input }, String(input.quantity)),
        ),
      },
      actions: {
        ...common,
        leaveFor: (_, { url }) => effects.leaveFor(url),
        showResult: (_, { orderId }) => effects.go(orderResultPath(orderId)),
      },
    }),
    ecEditor: ecEditorMachine.provide({
      actors: {
        loadEditor: fromPromise(({ input }) => getEcEditor(effects.api, input.roomUrlKey)),
        saveItem: fromPromise(({ input }) => {
          const checked = checkEcItemDraft(input.form)
          if (!checked.ok) {
            throw new ApiRequestError({
              kind: 'server',
              status: 400,
              message: null,
              errorType: 'INVALID_FIELDS',
              redirectUrl: null,
              fieldErrors: checked.errors,
            })
          }
          const edit =
            input.itemId === null ? null : { itemId: input.itemId, stockWas: input.stockWas }
          return saveEcItem(effects.api, input.roomId, edit, checked.draft)
        }),
        setVisibility: fromPromise(({ input }) =>
          setEcItemVisibility(effects.api, input.itemId, input.hidden),
        ),
      },
      actions: common,
    }),
  }
}

export type ShopMachines = ReturnType<typeof shopMachines>
