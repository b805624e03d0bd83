// What a gift call asks, as types alone: gifts.ts and its statements (gift-steps.ts) share them.

export interface SendGift {
  userId: number
  liveId: number
  giftId: number
  num: number
}

/** Which balance a gift is paid from: the free stock or gold. */
export type GiftPayment = 'free' | 'paid'
