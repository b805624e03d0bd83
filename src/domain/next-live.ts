/**
 * A unix time (seconds) as the Tokyo wall time a datetime-local field holds ('YYYY-MM-DDTHH:mm'),
 * the form `POST /api/room/next_live` takes. Tokyo keeps UTC+9 all year (no daylight saving).
 */
export const tokyoLocalInput = (epoch: number): string =>
  new Date((epoch + 9 * 3600) * 1000).toISOString().slice(0, 16)
