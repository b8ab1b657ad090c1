/**
 * The stand-in's money: the PaymentIntent, charge and invoice payment behind each invoice, and refunds
 * (POST /v1/refunds). A refund takes back what is left on the charge, all of it unless `amount` says less;
 * a charge refunded in full answers Stripe's `charge_already_refunded`.
 */
import type { FormObject } from './form-body.ts';
import { integerParam, listPage, metadataParam, onlyParams, optionalString } from './params.ts';
import {
  type ChargeObject,
  type InvoiceCharge,
  type InvoicePaymentObject,
  invoicePaymentObjects,
  type PaymentIntentObject,
  type RefundObject,
  type RefundReason,
  refundObject,
} from './payment-objects.ts';
import { invalidRequest, resourceMissing } from './stripe-errors.ts';

const REASONS: readonly RefundReason[] = ['duplicate', 'fraudulent', 'requested_by_customer'];

export function createPayments(now: () => number) {
  const paymentIntents = new Map<string, PaymentIntentObject>();
  const charges = new Map<string, ChargeObject>();
  const invoicePayments = new Map<string, InvoicePaymentObject>();
  const refunds = new Map<string, RefundObject>();

  /** Called as an invoice is finalized: paid by card at once, or declined. */
  function chargeInvoice(input: InvoiceCharge): void {
    const { paymentIntent, charge, invoicePayment } = invoicePaymentObjects(input, now());
    paymentIntents.set(paymentIntent.id, paymentIntent);
    if (charge) charges.set(charge.id, charge);
    invoicePayments.set(invoicePayment.id, invoicePayment);
  }

  function chargeToRefund(params: FormObject): ChargeObject {
    const intentId = optionalString(params, 'payment_intent');
    const chargeId = optionalString(params, 'charge');
    if (!intentId && !chargeId) {
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        undefined,
        'parameter_missing',
      );
    }
    if (chargeId) {
      const charge = charges.get(chargeId);
      if (!charge) throw resourceMissing('charge', chargeId, 'charge', 400);
      if (intentId && intentId !== charge.payment_intent) {
        throw invalidRequest(`Charge ${chargeId} does not belong to PaymentIntent ${intentId}.`, 'payment_intent');
      }
      return charge;
    }
    const intent = paymentIntents.get(intentId ?? '');
    if (!intent) throw resourceMissing('payment_intent', intentId ?? '', 'payment_intent', 400);
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
    }
    return charge;
  }

  function createRefund(params: FormObject): RefundObject {
    onlyParams(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
    const charge = chargeToRefund(params);
    const left = charge.amount_captured - charge.amount_refunded;
    if (left <= 0) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    }
    const amount = params.amount === undefined ? left : integerParam(params.amount, 'amount');
    if (amount < 1) throw invalidRequest('Amount must be at least 1.', 'amount', 'amount_too_small');
    if (amount > left) {
      throw invalidRequest(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount',
        'amount_too_large',
      );
    }
    const reason = optionalString(params, 'reason') || null;
    if (reason !== null && !REASONS.includes(reason as RefundReason)) {
      throw invalidRequest(`Invalid reason: must be one of ${REASONS.join(', ')}`, 'reason');
    }
    const metadata = metadataParam(params.metadata, 'metadata') || {};
    const refund = refundObject({ charge, amount, reason: reason as RefundReason | null, metadata, now: now() });
    refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    return refund;
  }

  /** GET /v1/invoice_payments: by invoice and status, newest first. */
  function listInvoicePayments(params: FormObject) {
    onlyParams(params, ['invoice', 'status', 'limit', 'starting_after']);
    const invoice = optionalString(params, 'invoice');
    const status = optionalString(params, 'status');
    const found = [...invoicePayments.values()]
      .filter((p) => (invoice === undefined || p.invoice === invoice) && (status === undefined || p.status === status))
      .reverse();
    return listPage(found, params, '/v1/invoice_payments');
  }

  return { paymentIntents, charges, refunds, chargeInvoice, createRefund, listInvoicePayments };
}

export type Payments = ReturnType<typeof createPayments>;
