import * as v from 'valibot'
import { Id } from '../common.ts'
import {
  OwnerItemsQuery,
  ReserveItemBody,
  RoomConfigQuery,
  SaveItemBody,
  VisibilityBody,
} from '../ec.ts'
import { CanWatchQuery, DrawBody, HistoryQuery, StartWatchBody, WatchBody } from '../gacha.ts'
import {
  OrderIdBody,
  OrderIdParam,
  PackReserveBody,
  PlanReserveBody,
  ShippingAddressBody,
} from '../shop.ts'
import { get, post, tagged, type Operation } from './operation.ts'

/** Gacha and ad rewards, the room shops, the povo shop and payments. */
export const shopOperations: Operation[] = [
  ...tagged('Shop', [
    get('/api/ec/categories', {
      summary: "The room shop's item categories",
      answer: 'CategoriesAnswer',
    }),
    get('/api/ec/room/config', {
      summary: "What the caller may do in a room's shop",
      query: RoomConfigQuery,
      answer: 'RoomConfigAnswer',
    }),
    get('/api/ec/room/items_for_owner', {
      summary: "The shop's items as its owner sees them",
      query: OwnerItemsQuery,
      answer: 'ItemsAnswer',
      login: true,
    }),
    get('/api/ec/room/{room_id}/items', {
      summary: "The room shop's items",
      params: v.object({ room_id: Id }),
      answer: 'ItemsAnswer',
    }),
    get('/api/ec/room/{room_id}/purchase_logs', {
      summary: "The room shop's purchases",
      params: v.object({ room_id: Id }),
      answer: 'PurchaseLogsAnswer',
      login: true,
    }),
    post('/api/ec/room/items', {
      summary: 'Create or edit a shop item (owner)',
      body: SaveItemBody,
      answer: 'ItemAnswer',
      login: true,
    }),
    post('/api/ec/room/items/{item_id}/visibility', {
      summary: 'Hide or show a shop item (owner)',
      params: v.object({ item_id: Id }),
      body: VisibilityBody,
      answer: 'ItemAnswer',
      login: true,
    }),
    post('/api/ec/room/{room_id}/purchase/reserve', {
      summary: "Reserve an order of a room shop's item",
      params: v.object({ room_id: Id }),
      body: ReserveItemBody,
      answer: 'OrderAnswer',
      login: true,
    }),
    get('/api/payment/orders/{order_id}', {
      summary: 'An order as it stands now',
      params: OrderIdParam,
      answer: 'OrderAnswer',
      login: true,
    }),
    post('/api/payment/confirm', {
      summary: 'Confirm an order after the payment page',
      body: OrderIdBody,
      answer: 'OrderAnswer',
      login: true,
    }),
    get('/api/payment/time_limited_pack', {
      summary: 'The time-limited pack open to the caller',
      answer: 'TimeLimitedPackAnswer',
      login: true,
    }),
    post('/api/payment/time_limited_pack/reserve', {
      summary: 'Reserve an order of the time-limited pack',
      body: PackReserveBody,
      answer: 'OrderAnswer',
      login: true,
    }),
    get('/api/povo_ec/top_banners', {
      summary: "The povo shop's banners",
      answer: 'ShopBannersAnswer',
    }),
    get('/api/povo_ec/packages', { summary: 'Every povo package', answer: 'PackagesAnswer' }),
    get('/api/povo_ec/packages/recommends', {
      summary: 'The recommended povo packages',
      answer: 'PackagesAnswer',
    }),
    get('/api/povo_ec/packages/{id}/plans', {
      summary: 'A povo package and its plans',
      params: v.object({ id: Id }),
      answer: 'PackagePlansAnswer',
    }),
    get('/api/povo_ec/plans/{id}', {
      summary: 'One povo plan and its package',
      params: v.object({ id: Id }),
      answer: 'PlanAnswer',
    }),
    get('/api/povo_ec/shipping_address', {
      summary: 'The saved shipping address',
      answer: 'ShippingAddressAnswer',
      login: true,
    }),
    post('/api/povo_ec/shipping_address', {
      summary: 'Save the shipping address',
      body: ShippingAddressBody,
      answer: 'SavedAddressAnswer',
      login: true,
    }),
    post('/api/povo_ec/plans/reserve', {
      summary: 'Reserve an order of a povo plan',
      body: PlanReserveBody,
      answer: 'OrderAnswer',
      login: true,
    }),
    post('/api/povo_ec/payment/reserve', {
      summary: "Start paying an order: the provider's page",
      body: OrderIdBody,
      answer: 'PaymentAnswer',
      login: true,
    }),
  ]),
  ...tagged('Gacha', [
    get('/api/gachas', { summary: 'The lotteries open now', answer: 'GachasAnswer' }),
    get('/api/gachas/user/hist', {
      summary: "The caller's draws",
      query: HistoryQuery,
      answer: 'DrawHistoryAnswer',
      login: true,
    }),
    get('/api/gachas/{id}', {
      summary: 'A gacha and its prizes with their odds',
      params: v.object({ id: Id }),
      answer: 'GachaInfoAnswer',
    }),
    get('/api/gachas/{id}/user', {
      summary: 'How often the caller has drawn this gacha',
      params: v.object({ id: Id }),
      answer: 'UserDrawCountAnswer',
      login: true,
    }),
    get('/api/gachas/{id}/draw/showgold', {
      summary: 'What a draw costs and what the caller holds',
      params: v.object({ id: Id }),
      answer: 'ShowGoldAnswer',
      login: true,
    }),
    post('/api/gachas/{id}/draw', {
      summary: 'Draw',
      params: v.object({ id: Id }),
      body: DrawBody,
      answer: 'DrawAnswer',
      login: true,
    }),
    get('/api/gachas/{id}/user/hist/goods', {
      summary: 'What the caller has won from this gacha',
      params: v.object({ id: Id }),
      answer: 'GoodsAnswer',
      login: true,
    }),
    get('/api/user/free_gifts', {
      summary: 'The free gifts the caller holds',
      answer: 'FreeGiftsAnswer',
      login: true,
    }),
    get('/api/ad_reward/gacha', {
      summary: 'The ad-reward lottery, if there is one',
      answer: 'AdRewardGachaAnswer',
    }),
    get('/api/ad_reward/user', {
      summary: "The caller's ad watches today",
      answer: 'AdRewardUserAnswer',
      login: true,
    }),
    get('/api/ad_reward/can_watch', {
      summary: 'Whether the caller may watch an ad now',
      query: CanWatchQuery,
      answer: 'CanWatchAnswer',
      login: true,
    }),
    get('/api/ad_reward/watch', {
      summary: 'An ad watch and how far it has got',
      query: WatchBody,
      answer: 'AdWatchAnswer',
      login: true,
    }),
    post('/api/ad_reward/watch', {
      summary: 'Start watching an ad',
      body: StartWatchBody,
      answer: 'AdWatchAnswer',
      login: true,
    }),
    post('/api/ad_reward/watch/complete', {
      summary: 'Finish watching an ad',
      body: WatchBody,
      answer: 'AdWatchAnswer',
      login: true,
    }),
    post('/api/ad_reward/gacha/reward', {
      summary: 'Draw the ad-reward lottery after a watch',
      body: WatchBody,
      answer: 'DrawAnswer',
      login: true,
    }),
  ]),
]
