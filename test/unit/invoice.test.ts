import { describe, expect, it } from 'vitest'
import {
  INVOICE_NUMBER_MESSAGES,
  invoiceCheckDigit,
  invoiceNumberProblem,
  normalInvoiceNumber,
} from '../../src/domain/invoice.ts'

describe('invoice registration numbers', () => {
  it('checks the first digit against the other twelve, as a corporate number does', () => {
    // 国税庁's corporate number, 7000012050002, and so its registration number.
    expect(invoiceCheckDigit('000012050002')).toBe(7)
    expect(invoiceNumberProblem('T7000012050002')).toBeNull()
    // One digit changed, two swapped: refused.
    expect(invoiceNumberProblem('T7000012050003')).toBe(INVOICE_NUMBER_MESSAGES.checkDigit)
    expect(invoiceNumberProblem('T7000010250002')).toBe(INVOICE_NUMBER_MESSAGES.checkDigit)
  })

  it('reads full-width letters and digits, spaces and hyphens as people type them', () => {
    expect(normalInvoiceNumber('Ｔ７０００ ０１２－０５０００２')).toBe('T7000012050002')
    expect(normalInvoiceNumber('t7000012050002')).toBe('T7000012050002')
    expect(invoiceNumberProblem('Ｔ７０００ ０１２－０５０００２')).toBeNull()
  })

  it('says what is wrong: nothing typed, or not T and 13 digits', () => {
    expect(invoiceNumberProblem('  ')).toBe(INVOICE_NUMBER_MESSAGES.empty)
    expect(invoiceNumberProblem('7000012050002')).toBe(INVOICE_NUMBER_MESSAGES.format)
    expect(invoiceNumberProblem('T700001205000')).toBe(INVOICE_NUMBER_MESSAGES.format)
    expect(invoiceNumberProblem('T70000120500022')).toBe(INVOICE_NUMBER_MESSAGES.format)
    expect(invoiceNumberProblem('TA000012050002')).toBe(INVOICE_NUMBER_MESSAGES.format)
  })
})
