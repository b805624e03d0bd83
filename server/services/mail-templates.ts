// The mails a user receives, in the user's locale (issue #28): the account reminder that leads
// to the password reset, and an inquiry's receipt. Mails to the operator stay in Japanese.
import { localizePath, type Locale } from '../../src/domain/locale.ts'
import { INQUIRY_CATEGORIES, type InquiryCategory } from '../../src/domain/inquiry.ts'

export interface Mail {
  subject: string
  body: string
}

/** `/user/forget_mail_send`: the account id, and the page where the password is reset by SMS. */
export function accountReminderMail(
  locale: Locale,
  user: { name: string; accountId: string },
  origin: string,
): Mail {
  const url = `${origin}${localizePath('/reset_password/sms', locale)}`
  const text = REMINDER[locale]
  return {
    subject: text.subject,
    body: [
      text.greeting(user.name),
      '',
      `${text.accountId}: ${user.accountId}`,
      '',
      text.reset,
      url,
      '',
      text.ignore,
    ].join('\n'),
  }
}

const REMINDER: Record<
  Locale,
  {
    subject: string
    greeting: (name: string) => string
    accountId: string
    reset: string
    ignore: string
  }
> = {
  ja: {
    subject: '【Kirari】アカウント情報のご案内',
    greeting: (name) => `${name} 様`,
    accountId: 'アカウントID',
    reset: 'パスワードの再設定は次のページから、登録済みの電話番号へのSMSで行えます。',
    ignore: 'お心当たりのない場合は、このメールを破棄してください。',
  },
  en: {
    subject: '[Kirari] Your account information',
    greeting: (name) => `Dear ${name},`,
    accountId: 'Account ID',
    reset: 'You can reset your password on the page below, by SMS to your registered phone number.',
    ignore: 'If you did not ask for this, please ignore this mail.',
  },
  'zh-tw': {
    subject: '【Kirari】帳號資訊通知',
    greeting: (name) => `${name} 您好`,
    accountId: '帳號ID',
    reset: '您可以在以下頁面，透過傳送至已登錄手機號碼的簡訊重新設定密碼。',
    ignore: '若您並未提出此申請，請忽略本郵件。',
  },
  th: {
    subject: '[Kirari] ข้อมูลบัญชีของคุณ',
    greeting: (name) => `เรียน คุณ${name}`,
    accountId: 'ไอดีบัญชี',
    reset: 'คุณสามารถตั้งรหัสผ่านใหม่ได้ที่หน้าด้านล่าง ผ่าน SMS ไปยังหมายเลขโทรศัพท์ที่ลงทะเบียนไว้',
    ignore: 'หากคุณไม่ได้ร้องขอ โปรดละเว้นอีเมลนี้',
  },
}

/** `POST /api/inquiry`: the sender's receipt, with its number and what was sent. */
export function inquiryReceiptMail(
  locale: Locale,
  inquiry: { id: number; name: string; category: InquiryCategory; body: string },
): Mail {
  const text = RECEIPT[locale]
  return {
    subject: text.subject(inquiry.id),
    body: [
      text.greeting(inquiry.name),
      '',
      text.received,
      `${text.number}: #${inquiry.id}`,
      `${text.category}: ${text.categories[inquiry.category]}`,
      '',
      text.content,
      inquiry.body,
    ].join('\n'),
  }
}

interface ReceiptText {
  subject: (id: number) => string
  /** `name` is '' when the sender gave none. */
  greeting: (name: string) => string
  received: string
  number: string
  category: string
  content: string
  categories: Record<InquiryCategory, string>
}

const RECEIPT: Record<Locale, ReceiptText> = {
  ja: {
    subject: (id) => `お問い合わせを受け付けました（#${id}）`,
    greeting: (name) => `${name || '（お名前なし）'} 様`,
    received:
      'Kirari へのお問い合わせを受け付けました。内容を確認のうえ、このアドレスにご返信します。',
    number: '受付番号',
    category: '種類',
    content: '--- お問い合わせ内容 ---',
    // The form's own labels, as the operator's mail names them.
    categories: Object.fromEntries(INQUIRY_CATEGORIES.map((c) => [c.id, c.label])) as Record<
      InquiryCategory,
      string
    >,
  },
  en: {
    subject: (id) => `We have received your inquiry (#${id})`,
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    received:
      'Thank you for contacting Kirari. Our staff will read your inquiry and reply to this address.',
    number: 'Reference number',
    category: 'Topic',
    content: '--- Your inquiry ---',
    categories: {
      account: 'Account and login',
      viewing: 'Watching lives and comments',
      broadcast: 'Broadcasting (livers)',
      gift: 'Gifts, points and gacha',
      payment: 'Payments and shop',
      event: 'Events',
      report: 'Reporting abuse',
      other: 'Other',
    },
  },
  'zh-tw': {
    subject: (id) => `已收到您的諮詢（#${id}）`,
    greeting: (name) => (name ? `${name} 您好` : '您好'),
    received: '我們已收到您對 Kirari 的諮詢。確認內容後，將回覆至此電子郵件地址。',
    number: '受理編號',
    category: '諮詢類別',
    content: '--- 諮詢內容 ---',
    categories: {
      account: '帳號・登入',
      viewing: '觀看直播・留言',
      broadcast: '直播（直播主）',
      gift: '禮物・點數・轉蛋',
      payment: '付款・商店',
      event: '活動',
      report: '檢舉騷擾行為',
      other: '其他',
    },
  },
  th: {
    subject: (id) => `เราได้รับการติดต่อของคุณแล้ว (#${id})`,
    greeting: (name) => (name ? `เรียน คุณ${name}` : 'สวัสดี'),
    received: 'เราได้รับการติดต่อของคุณถึง Kirari แล้ว ทีมงานจะตรวจสอบและตอบกลับมายังอีเมลนี้',
    number: 'หมายเลขอ้างอิง',
    category: 'หัวข้อ',
    content: '--- ข้อความที่ติดต่อ ---',
    categories: {
      account: 'บัญชีและการเข้าสู่ระบบ',
      viewing: 'การรับชมไลฟ์และคอมเมนต์',
      broadcast: 'การไลฟ์ (ไลเวอร์)',
      gift: 'ของขวัญ พอยต์ และกาชา',
      payment: 'การชำระเงินและร้านค้า',
      event: 'อีเวนต์',
      report: 'รายงานพฤติกรรมก่อกวน',
      other: 'อื่นๆ',
    },
  },
}
