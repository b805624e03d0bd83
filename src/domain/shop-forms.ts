/** The shop's forms: a shipping address and a room item, checked the same way by the form and the server. */
import type { EcItemDraft, ShippingAddress, ShippingField } from './shop.ts'

/** The 47 prefectures, in the JIS order. */
export const PREFECTURES = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
] as const

/** Full-width digits and hyphens typed by Japanese keyboards, made ASCII. */
function asciiDigits(value: string): string {
  return value
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[－ー−‐―]/g, '-')
    .trim()
}

export const shippingMessages = {
  name: 'お名前を入力してください（50文字以内）',
  postal_code: '郵便番号は7桁の数字で入力してください（例: 150-0001）',
  prefecture: '都道府県を選んでください',
  city: '市区町村を入力してください（50文字以内）',
  address_line1: '番地を入力してください（100文字以内）',
  address_line2: '建物名・部屋番号は100文字以内で入力してください',
  phone: '電話番号は0から始まる10桁か11桁の数字で入力してください',
} as const satisfies Record<ShippingField, string>

/**
 * Checks and normalises a shipping address: a Japanese postal code (7 digits, 123-4567), one of
 * the 47 prefectures, a phone number of 10 or 11 digits starting with 0, the required fields
 * present and within their lengths. Full-width digits are accepted. The server stores only what
 * passes; the form shows the same messages beside the fields.
 */
export function checkShippingAddress(
  input: Partial<Record<ShippingField, unknown>>,
):
  | { ok: true; address: ShippingAddress }
  | { ok: false; errors: Partial<Record<ShippingField, string>> } {
  const str = (key: ShippingField) => (typeof input[key] === 'string' ? input[key] : '').trim()
  const errors: Partial<Record<ShippingField, string>> = {}
  const required = (key: ShippingField, max: number) => {
    const value = str(key)
    if (value === '' || value.length > max) errors[key] = shippingMessages[key]
    return value
  }
  const name = required('name', 50)
  const city = required('city', 50)
  const addressLine1 = required('address_line1', 100)
  const addressLine2 = str('address_line2')
  if (addressLine2.length > 100) errors.address_line2 = shippingMessages.address_line2
  const postal = asciiDigits(str('postal_code'))
  const postalMatch = /^(\d{3})-?(\d{4})$/.exec(postal)
  if (!postalMatch) errors.postal_code = shippingMessages.postal_code
  const prefecture = str('prefecture')
  if (!(PREFECTURES as readonly string[]).includes(prefecture)) {
    errors.prefecture = shippingMessages.prefecture
  }
  const phone = asciiDigits(str('phone')).replace(/-/g, '')
  if (!/^0\d{9,10}$/.test(phone)) errors.phone = shippingMessages.phone
  if (Object.keys(errors).length > 0 || !postalMatch) return { ok: false, errors }
  return {
    ok: true,
    address: {
      name,
      postal_code: `${postalMatch[1]}-${postalMatch[2]}`,
      prefecture,
      city,
      address_line1: addressLine1,
      address_line2: addressLine2,
      phone,
    },
  }
}

export const EMPTY_SHIPPING: ShippingAddress = {
  name: '',
  postal_code: '',
  prefecture: '',
  city: '',
  address_line1: '',
  address_line2: '',
  phone: '',
}

export const ecItemMessages = {
  name: '商品名を入力してください（40文字以内）',
  description: '説明は400文字以内で入力してください',
  category_id: 'カテゴリを選んでください',
  price: '価格は100円から100,000円の整数で入力してください',
  stock: '在庫は0から9,999の整数で入力してください（空欄は無制限）',
} as const

export type EcItemField = keyof typeof ecItemMessages

/**
 * Checks an owner's item form (strings as typed, or numbers from JSON): name 1–40 characters,
 * description up to 400, a category, a price of 100–100,000 yen, a stock of 0–9,999 or empty
 * for no limit. Category ids are checked against the catalogue by the server.
 */
export function checkEcItemDraft(input: {
  name?: unknown
  description?: unknown
  category_id?: unknown
  price?: unknown
  stock?: unknown
  is_hidden?: unknown
}): { ok: true; draft: EcItemDraft } | { ok: false; errors: Partial<Record<EcItemField, string>> } {
  const str = (value: unknown) =>
    typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''
  const int = (value: unknown) => {
    const s = asciiDigits(str(value)).replace(/,/g, '')
    return /^\d{1,9}$/.test(s) ? Number(s) : null
  }
  const errors: Partial<Record<EcItemField, string>> = {}
  const name = str(input.name)
  if (name === '' || name.length > 40) errors.name = ecItemMessages.name
  const description = str(input.description)
  if (description.length > 400) errors.description = ecItemMessages.description
  const category = int(input.category_id)
  if (category === null || category < 1) errors.category_id = ecItemMessages.category_id
  const price = int(input.price)
  if (price === null || price < 100 || price > 100_000) errors.price = ecItemMessages.price
  const stockText = str(input.stock)
  const stock = stockText === '' || input.stock === null ? null : int(input.stock)
  if (stockText !== '' && (stock === null || stock > 9_999)) errors.stock = ecItemMessages.stock
  if (Object.keys(errors).length > 0 || category === null || price === null) {
    return { ok: false, errors }
  }
  const hidden = input.is_hidden === true || input.is_hidden === '1' || input.is_hidden === 1
  return {
    ok: true,
    draft: { name, description, category_id: category, price, stock, is_hidden: hidden },
  }
}
