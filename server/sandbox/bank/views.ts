import { LaoQrError, parseLaoQr, type LaoQrBill } from '../../../contract/laoqr';
import { SandboxError } from '../errors';
import { SandboxBankCode } from './schemas';
import type { DeliveryRow, PaymentRow, PayoutRow } from './store';

/** The merchant id (MID) in the stored payload's tag 38, or null when the QR carried none. */
function merchantIdOf(payload: string): string | null {
  try {
    return parseLaoQr(payload).merchantId ?? null;
  } catch {
    return null;
  }
}

export function paymentView(payment: PaymentRow, deliveries: DeliveryRow[]) {
  return {
    billNumber: payment.bill_number,
    transactionId: payment.transaction_id,
    eventId: payment.event_id,
    payee: {
      name: payment.payee_name,
      city: payment.payee_city,
      bankIin: payment.bank_iin,
      accountNumber: payment.account_number,
      // The bank keeps the payload it paid, so the merchant id is read from it rather than stored twice.
      merchantId: merchantIdOf(payment.payload),
    },
    qrAmount: payment.qr_amount_kip,
    paidAmount: payment.paid_amount_kip,
    status: payment.status,
    payAt: payment.pay_at.toISOString(),
    paidAt: payment.paid_at?.toISOString() ?? null,
    webhookUrl: payment.webhook_url,
    deliveriesWanted: payment.deliveries_wanted,
    deliveries: deliveries.map((delivery) => ({
      eventId: delivery.event_id,
      url: delivery.url,
      attemptedAt: delivery.attempted_at.toISOString(),
      statusCode: delivery.status_code,
      error: delivery.error,
    })),
  };
}

export function payoutView(row: PayoutRow) {
  return {
    ref: row.ref,
    bank: row.bank,
    accountNumber: row.account_number,
    accountName: row.account_name,
    amount: row.amount_kip,
    status: row.status,
    ...(row.failure_reason ? { reason: row.failure_reason } : {}),
    ...(row.transaction_id ? { transactionId: row.transaction_id } : {}),
    completedAt: row.created_at.toISOString(),
  };
}

export function billView(bill: LaoQrBill) {
  return {
    billNumber: bill.billNumber,
    amount: bill.amountKip.toString(),
    merchantName: bill.merchantName,
    merchantId: bill.merchantId ?? null,
    merchantCity: bill.merchantCity,
    bankIin: bill.bankIin,
    accountNumber: bill.accountNumber,
    merchantCategoryCode: bill.merchantCategoryCode,
  };
}

export function readBill(payload: string): LaoQrBill {
  try {
    return parseLaoQr(payload);
  } catch (error) {
    if (error instanceof LaoQrError) throw new SandboxError(400, SandboxBankCode.INVALID_QR, `This is not a LaoQR bill: ${error.message}`);
    throw error;
  }
}
