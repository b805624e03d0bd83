import { AGE_THRESHOLD, ageOn, tokyoDate } from './age-gate.ts'

/**
 * Legal-representative consent (issue #28 point 4, SPEC.md §2/§5): a parent or guardian of a
 * user under 13 gives their name and how they are related, and agrees. One set of rules for the
 * form and the server, so both say the same thing per field.
 */
export const GUARDIAN_RELATIONSHIPS = ['parent', 'guardian', 'other'] as const
export type GuardianRelationship = (typeof GUARDIAN_RELATIONSHIPS)[number]

export interface GuardianConsentForm {
  guardian_name: string
  relationship: string
  agreed: boolean
}
export type GuardianConsentField = keyof GuardianConsentForm

export const GUARDIAN_NAME_MAX = 50

export const GUARDIAN_MESSAGES = {
  nameEmpty: '保護者の方のお名前を入力してください。',
  nameLong: `保護者の方のお名前は${GUARDIAN_NAME_MAX}文字までです。`,
  relationship: 'ご本人との続柄を選んでください。',
  agreed: '同意する場合は、チェックを入れてください。',
  /** The server's refusal of paid features (gold, paid gacha) before consent. */
  paidRefused: '13歳未満の方は、保護者の同意を得るまで有料の機能を利用できません。',
  notChild: '保護者の同意の登録は、13歳未満の方のアカウントでのみ行えます。',
} as const

const length = (text: string) => Array.from(text.trim()).length

export const isGuardianRelationship = (value: string): value is GuardianRelationship =>
  (GUARDIAN_RELATIONSHIPS as readonly string[]).includes(value)

/** What is wrong with the consent form, field by field (none: it may be sent). */
export function guardianConsentProblems(
  form: GuardianConsentForm,
): Partial<Record<GuardianConsentField, string>> {
  const problems: Partial<Record<GuardianConsentField, string>> = {}
  const m = GUARDIAN_MESSAGES
  if (length(form.guardian_name) === 0) problems.guardian_name = m.nameEmpty
  else if (length(form.guardian_name) > GUARDIAN_NAME_MAX) problems.guardian_name = m.nameLong
  if (!isGuardianRelationship(form.relationship)) problems.relationship = m.relationship
  if (!form.agreed) problems.agreed = m.agreed
  return problems
}

/** True for a birthday (YYYYMMDD) under 13 in Tokyo at `nowMs`; false for none or an adult. */
export function isUnderConsentAge(birthday: number | null, nowMs: number): boolean {
  if (birthday === null) return false
  const age = ageOn(birthday, tokyoDate(nowMs))
  return age !== null && age < AGE_THRESHOLD
}
