/** A unix time (seconds) as a date and time in Tokyo, where the site's periods are set. */
export const formatTokyo = (unix: number, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Tokyo',
  }).format(unix * 1000)

/** A unix time (seconds) as a date in Tokyo (a medal's day, a ranking's first day). */
export const formatTokyoDate = (unix: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Tokyo' }).format(
    unix * 1000,
  )

/** A unix time (seconds) as a short day and time in Tokyo ("12/26 18:00"): a live's schedule. */
export const formatTokyoShort = (unix: number, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Tokyo',
  }).format(unix * 1000)
