/**
 * How money moves behind a subscription's invoices in API version 2026-10-28.endive: an invoice no longer
 * names its PaymentIntent or charge (they left the invoice in 2025-03-31.basil); an `invoice_payment` links
 * the invoice to a PaymentIntent, whose `latest_charge` is the charge a refund takes money back from.
 * Shapes follow node_modules/stripe/esm/resources/{InvoicePayments,PaymentIntents,Charges,Refunds}.d.ts.
 */
import { newId } from './stripe-objects.ts';

type Metadata = Record<string, string>;

export type PaymentIntentObject = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  canceled_at: null;
  cancellation_reason: null;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string;
  description: string;
  last_payment_error: { code: string; message: string; type: 'card_error' } | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'succeeded' | 'requires_payment_method';
};

export type ChargeObject = {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string;
  captured: true;
  created: number;
  currency: string;
  customer: string;
  description: string;
  disputed: false;
  failure_code: null;
  failure_message: null;
  livemode: false;
  metadata: Metadata;
  paid: true;
  payment_intent: string;
  payment_method: string;
  receipt_url: null;
  refunded: boolean;
  status: 'succeeded';
};

export type InvoicePaymentObject = {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: true;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'open' | 'paid';
  status_transitions: { canceled_at: null; paid_at: number | null };
};

export type RefundReason = 'duplicate' | 'fraudulent' | 'requested_by_customer';

export type RefundObject = {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  customer: string;
  customer_account: null;
  metadata: Metadata;
  payment_intent: string;
  payment_method: string;
  reason: RefundReason | null;
  receipt_number: null;
  source_transfer_reversal: null;
  /** Card refunds in test mode succeed at once. */
  status: 'succeeded';
  transfer_reversal: null;
};

/** What an invoice of `amount` costs the customer, paid by card or declined. */
export type InvoiceCharge = { invoice: string; customer: string; amount: number; currency: string; paid: boolean };

/**
 * The PaymentIntent Stripe makes when it finalizes an invoice, the charge when the card pays it (a declined
 * attempt leaves the intent waiting for another payment method), and the invoice payment that links them.
 */
export function invoicePaymentObjects(input: InvoiceCharge, now: number) {
  const paymentIntentId = newId('pi', 24);
  const paymentMethod = newId('pm', 24);
  const description = 'Subscription payment';
  const charge: ChargeObject | undefined = input.paid
    ? {
        id: newId('ch', 24),
        object: 'charge',
        amount: input.amount,
        amount_captured: input.amount,
        amount_refunded: 0,
        balance_transaction: newId('txn', 24),
        captured: true,
        created: now,
        currency: input.currency,
        customer: input.customer,
        description,
        disputed: false,
        failure_code: null,
        failure_message: null,
        livemode: false,
        metadata: {},
        paid: true,
        payment_intent: paymentIntentId,
        payment_method: paymentMethod,
        receipt_url: null,
        refunded: false,
        status: 'succeeded',
      }
    : undefined;
  const paymentIntent: PaymentIntentObject = {
    id: paymentIntentId,
    object: 'payment_intent',
    amount: input.amount,
    amount_capturable: 0,
    amount_received: input.paid ? input.amount : 0,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${paymentIntentId}_secret_${newId('s', 24).slice(2)}`,
    confirmation_method: 'automatic',
    created: now,
    currency: input.currency,
    customer: input.customer,
    description,
    last_payment_error: input.paid
      ? null
      : { code: 'card_declined', message: 'Your card was declined.', type: 'card_error' },
    latest_charge: charge?.id ?? null,
    livemode: false,
    metadata: {},
    next_action: null,
    payment_method: input.paid ? paymentMethod : null,
    payment_method_types: ['card'],
    status: input.paid ? 'succeeded' : 'requires_payment_method',
  };
  const invoicePayment: InvoicePaymentObject = {
    id: newId('inpay', 24),
    object: 'invoice_payment',
    amount_paid: input.paid ? input.amount : null,
    amount_requested: input.amount,
    created: now,
    currency: input.currency,
    invoice: input.invoice,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: paymentIntentId },
    status: input.paid ? 'paid' : 'open',
    status_transitions: { canceled_at: null, paid_at: input.paid ? now : null },
  };
  return { paymentIntent, charge, invoicePayment };
}

export function refundObject(input: {
  charge: ChargeObject;
  amount: number;
  reason: RefundReason | null;
  metadata: Metadata;
  now: number;
}): RefundObject {
  const { charge } = input;
  return {
    id: newId('re', 24),
    object: 'refund',
    amount: input.amount,
    balance_transaction: newId('txn', 24),
    charge: charge.id,
    created: input.now,
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    metadata: input.metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}
