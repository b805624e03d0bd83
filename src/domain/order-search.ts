/** The shop's result pages' search: the provider sends the browser back with `?order_id=`. */
export const orderSearch = (search: Record<string, unknown>): { order_id: string } => ({
  order_id: typeof search.order_id === 'string' ? search.order_id.slice(0, 64) : '',
})
