import { ageOn, tokyoDate } from './age-gate.ts'

/** Field rules shared by the sign-up forms and the server (which has the last word). */
export type AccountField =
  | 'account_id'
  | 'password'
  | 'password_confirm'
  | 'name'
  | 'captcha_word'
  | 'birthday'
  | 'phone'
  | 'mail_address'
  | 'code'

export const FIELD_MESSAGES: Record<AccountField, string> = {
  account_id: 'アカウントIDは半角英数字とアンダースコアで4〜30文字にしてください',
  password: 'パスワードは8〜128文字で、アカウントIDと異なるものにしてください',
  password_confirm: 'パスワードが一致しません',
  name: 'ニックネームは1〜30文字で入力してください',
  captcha_word: '画像の文字を入力してください',
  birthday: '生年月日を正しく入力してください',
  phone: '電話番号を正しく入力してください（例: 09012345678）',
  mail_address: 'メールアドレスを正しく入力してください',
  code: '認証コードは6桁の数字です',
}

// Control characters never belong in a name or a password.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

export function checkAccountId(value: string): boolean {
  return /^[A-Za-z0-9_]{4,30}$/.test(value)
}

export function checkPassword(password: string, accountId: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 128 &&
    password !== accountId &&
    !CONTROL.test(password)
  )
}

export function checkName(name: string): boolean {
  const trimmed = name.trim()
  return trimmed.length >= 1 && Array.from(trimmed).length <= 30 && !CONTROL.test(name)
}

/** A real calendar date between 1900 and today (Tokyo), written YYYYMMDD. */
export function checkBirthday(birthday: string, nowMs: number): boolean {
  if (!/^\d{8}$/.test(birthday)) return false
  return ageOn(Number(birthday), tokyoDate(nowMs)) !== null
}

/** Japanese mobile numbers (090/080/070) with or without hyphens, or +81 form; digits only out. */
export function normalizePhone(phone: string): string | null {
  const digits = phone.replace(/[\s-]/g, '')
  const local = digits.startsWith('+81') ? `0${digits.slice(3)}` : digits
  return /^0[789]0\d{8}$/.test(local) ? local : null
}

export function checkMail(mail: string): boolean {
  return mail.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(mail)
}

export function checkCode(code: string): boolean {
  return /^\d{6}$/.test(code)
}

/** The first field that breaks its rule in a sign-up form, or null when all hold. */
export function signUpProblem(form: {
  account_id: string
  password: string
  password_confirm: string
  name: string
}): AccountField | null {
  if (!checkAccountId(form.account_id)) return 'account_id'
  if (!checkPassword(form.password, form.account_id)) return 'password'
  if (form.password !== form.password_confirm) return 'password_confirm'
  if (!checkName(form.name)) return 'name'
  return null
}

/** `09012345678` → `090****5678`, to show which phone a code went to. */
export function maskPhone(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****'
}
