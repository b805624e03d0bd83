import { describe, expect, it } from 'vitest'
import { INVOICE_NUMBER_MESSAGES } from '../../src/domain/invoice.ts'
import {
  ORGANIZER_APPLICATION_MESSAGES as M,
  ORGANIZER_COMPANY_MAX,
  ORGANIZER_CONTACT_MAX,
  normalContactPhone,
  normalOptionalInvoice,
  organizerApplicationProblems,
  type OrganizerApplicationForm,
} from '../../src/domain/organizer-application.ts'

const good: OrganizerApplicationForm = {
  company_name: '株式会社きらり',
  contact_name: '山田 花子',
  contact_mail: 'events@kirari.example',
  contact_phone: '03-1234-5678',
  invoice_number: '',
}
const problems = (patch: Partial<OrganizerApplicationForm>) =>
  organizerApplicationProblems({ ...good, ...patch })

describe('organizer application rules', () => {
  it('passes a whole form, with or without an invoice number', () => {
    expect(problems({})).toEqual({})
    expect(problems({ invoice_number: 'Ｔ７０００ ０１２－０５０００２' })).toEqual({})
    expect(problems({ invoice_number: '   ' })).toEqual({})
  })

  it('bounds the names at their lengths, counted as characters after trimming', () => {
    expect(problems({ company_name: '  ' })).toEqual({ company_name: M.companyEmpty })
    expect(problems({ company_name: '𠮷'.repeat(ORGANIZER_COMPANY_MAX) })).toEqual({})
    expect(problems({ company_name: 'あ'.repeat(ORGANIZER_COMPANY_MAX + 1) })).toEqual({
      company_name: M.companyLong,
    })
    expect(problems({ contact_name: '' })).toEqual({ contact_name: M.contactEmpty })
    expect(problems({ contact_name: ` ${'あ'.repeat(ORGANIZER_CONTACT_MAX)} ` })).toEqual({})
    expect(problems({ contact_name: 'あ'.repeat(ORGANIZER_CONTACT_MAX + 1) })).toEqual({
      contact_name: M.contactLong,
    })
  })

  it('wants a mail address and a Japanese phone number (landline or mobile)', () => {
    expect(problems({ contact_mail: 'events@kirari' })).toEqual({ contact_mail: M.mail })
    expect(normalContactPhone('03-1234-5678')).toBe('0312345678')
    expect(normalContactPhone('０９０（１２３４）５６７８')).toBe('09012345678')
    expect(normalContactPhone('+81 90 1234 5678')).toBe('09012345678')
    expect(normalContactPhone('0312-345-67')).toBe(null) // nine digits
    expect(normalContactPhone('090-1234-56789')).toBe(null) // twelve
    expect(normalContactPhone('1234567890')).toBe(null)
    expect(problems({ contact_phone: 'でんわ' })).toEqual({ contact_phone: M.phone })
  })

  it("checks a given invoice number by invoice.ts's rules and messages", () => {
    expect(problems({ invoice_number: 'T7000012050003' })).toEqual({
      invoice_number: INVOICE_NUMBER_MESSAGES.checkDigit,
    })
    expect(problems({ invoice_number: '7000012050002' })).toEqual({
      invoice_number: INVOICE_NUMBER_MESSAGES.format,
    })
    expect(normalOptionalInvoice(' ')).toBe(null)
    expect(normalOptionalInvoice('t7000-0120-50002')).toBe('T7000012050002')
  })
})
