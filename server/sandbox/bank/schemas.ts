import { PAYOUT_NOT_FOUND } from '../../adapters/payment/laoqrGateway';

/** The bank's refusals use its own codes, not the site's: it stands for another company. */
export const SandboxBankCode = {
  INVALID_QR: 'INVALID_QR',
  BILL_ALREADY_PAID: 'BILL_ALREADY_PAID',
  PAYMENT_NOT_FOUND: 'PAYMENT_NOT_FOUND',
  REFUND_EXCEEDS_PAYMENT: 'REFUND_EXCEEDS_PAYMENT',
  REFUND_REF_CONFLICT: 'REFUND_REF_CONFLICT',
  REFUND_DECLINED: 'REFUND_DECLINED',
  PAYMENT_NOT_DUE: 'PAYMENT_NOT_DUE',
  PAYOUT_NOT_FOUND,
  PAYOUT_REF_CONFLICT: 'PAYOUT_REF_CONFLICT',
  GATEWAY_FAULT: 'GATEWAY_FAULT',
  INVALID_FAULT: 'INVALID_FAULT',
  OPTIONS_CONFLICT: 'OPTIONS_CONFLICT',
  INVALID_CURSOR: 'INVALID_CURSOR',
} as const;

export const kip = { type: 'string', pattern: '^[1-9][0-9]{0,12}$' } as const;
export const errorSchema = { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } } as const;

export const billSchema = {
  type: 'object',
  properties: {
    billNumber: { type: 'string' },
    amount: { type: 'string' },
    merchantName: { type: 'string' },
    merchantId: { type: ['string', 'null'] },
    merchantCity: { type: 'string' },
    bankIin: { type: 'string' },
    accountNumber: { type: 'string' },
    merchantCategoryCode: { type: 'string' },
  },
} as const;

export const deliverySchema = {
  type: 'object',
  properties: {
    eventId: { type: 'string' },
    url: { type: 'string' },
    attemptedAt: { type: 'string' },
    statusCode: { type: ['integer', 'null'] },
    error: { type: ['string', 'null'] },
  },
} as const;

export const paymentSchema = {
  type: 'object',
  properties: {
    billNumber: { type: 'string' },
    transactionId: { type: 'string' },
    eventId: { type: 'string' },
    payee: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        city: { type: 'string' },
        bankIin: { type: 'string' },
        accountNumber: { type: 'string' },
        merchantId: { type: ['string', 'null'] },
      },
    },
    qrAmount: { type: 'string' },
    paidAmount: { type: 'string' },
    status: { type: 'string', enum: ['SCHEDULED', 'PAID'] },
    payAt: { type: 'string' },
    paidAt: { type: ['string', 'null'] },
    webhookUrl: { type: 'string' },
    deliveriesWanted: { type: 'integer' },
    deliveries: { type: 'array', items: deliverySchema },
  },
} as const;

export const payoutSchema = {
  type: 'object',
  properties: {
    ref: { type: 'string' },
    bank: { type: 'string' },
    accountNumber: { type: 'string' },
    accountName: { type: 'string' },
    amount: { type: 'string' },
    status: { type: 'string', enum: ['PAID', 'FAILED'] },
    reason: { type: 'string' },
    transactionId: { type: 'string' },
    completedAt: { type: 'string' },
  },
} as const;

export const refundSchema = {
  type: 'object',
  properties: {
    ref: { type: 'string' },
    paymentTransactionId: { type: 'string' },
    amount: { type: 'string' },
    status: { type: 'string', enum: ['REFUNDED'] },
    transactionId: { type: 'string' },
    completedAt: { type: 'string' },
  },
} as const;

const nullableText = { type: ['string', 'null'] } as const;
export const statementSchema = {
  type: 'object',
  properties: {
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          type: { type: 'string', enum: ['PAYMENT', 'PAYOUT', 'REFUND'] },
          reference: { type: 'string' },
          status: { type: 'string', enum: ['PAID', 'FAILED', 'REFUNDED'] },
          amount: { type: 'string' },
          at: { type: 'string' },
          billNumber: nullableText,
          bankIin: nullableText,
          accountNumber: nullableText,
          paymentTransactionId: nullableText,
          transactionId: nullableText,
        },
      },
    },
    next: nullableText,
  },
} as const;

export const FAULT_OPERATIONS = ['payout', 'payment_status', 'payout_status', 'refund'] as const;
export const faultSchema = {
  type: 'object',
  properties: { mode: { type: 'string', enum: ['decline', 'error', 'timeout'] }, hangMs: { type: 'integer' } },
} as const;
export const faultsSchema = {
  type: 'object',
  properties: Object.fromEntries(FAULT_OPERATIONS.map((operation) => [operation, faultSchema])),
} as const;
