/**
 * The Stripe API objects the stand-in keeps and returns, shaped as API version 2026-10-28.endive
 * (node_modules/stripe/esm/resources/*.d.ts): prices, customers, checkout and billing portal sessions,
 * subscriptions (the billing period lives on each item in this version), invoices and events.
 * Plain JSON data: the server stores these, mutates them in place, and hands out deep copies.
 */

import { randomBytes } from 'node:crypto';
import { addBillingInterval } from '@polymath/shared';

export const STRIPE_API_VERSION = '2026-10-28.endive';

export type StripeInterval = 'day' | 'week' | 'month' | 'year';

export interface StripeFakePrice {
  /** In the currency's smallest unit (cents). */
  unit_amount: number;
  currency: string;
  interval: StripeInterval;
  interval_count: number;
}

/** A tax rate the stand-in knows, for `subscription_data[default_tax_rates][0]`. */
export interface StripeFakeTaxRate {
  percentage: number;
  inclusive: boolean;
  display_name?: string;
}

export type Metadata = Record<string, string>;

export type StripeEventObject = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
};

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const issued = new Set<string>();

/** A random id like Stripe's (`sub_1Q…`), unique within the process. */
export function newId(prefix: string, length = 24): string {
  for (;;) {
    const bytes = randomBytes(length);
    let body = '';
    // 248 = 4 × 62: rejection keeps the characters uniform.
    for (const byte of bytes) if (byte < 248) body += ALPHABET[byte % 62];
    if (body.length < length) continue;
    const id = `${prefix}_${body}`;
    if (issued.has(id)) continue;
    issued.add(id);
    return id;
  }
}

/** `anchor` moved forward `count` intervals by Stripe's billing calendar (shared with the payment sandbox). */
export const addInterval: (anchor: number, interval: StripeInterval, count: number) => number = addBillingInterval;

// ---------------------------------------------------------------------------------------------- prices

export type PriceObject = {
  id: string;
  object: 'price';
  active: true;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: null;
  metadata: Metadata;
  nickname: null;
  product: string;
  recurring: {
    interval: StripeInterval;
    interval_count: number;
    meter: null;
    trial_period_days: null;
    usage_type: 'licensed';
  };
  tax_behavior: 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
};

export function priceObject(id: string, price: StripeFakePrice, created: number): PriceObject {
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: price.currency.toLowerCase(),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: newId('prod', 14),
    recurring: {
      interval: price.interval,
      interval_count: price.interval_count,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: price.unit_amount,
    unit_amount_decimal: String(price.unit_amount),
  };
}

/** The legacy `plan` Stripe still puts on each subscription item, mirroring its price. */
export function planObject(price: PriceObject) {
  return {
    id: price.id,
    object: 'plan' as const,
    active: true,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit' as const,
    created: price.created,
    currency: price.currency,
    interval: price.recurring.interval,
    interval_count: price.recurring.interval_count,
    livemode: false as const,
    metadata: {},
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed' as const,
  };
}

// ------------------------------------------------------------------------------------------- tax rates

export type TaxRateObject = {
  id: string;
  object: 'tax_rate';
  active: true;
  country: null;
  created: number;
  description: null;
  display_name: string;
  effective_percentage: number;
  flat_amount: null;
  inclusive: boolean;
  jurisdiction: null;
  jurisdiction_level: null;
  livemode: false;
  metadata: Metadata;
  percentage: number;
  rate_type: 'percentage';
  state: null;
  tax_type: null;
};

export function taxRateObject(id: string, rate: StripeFakeTaxRate, created: number): TaxRateObject {
  return {
    id,
    object: 'tax_rate',
    active: true,
    country: null,
    created,
    description: null,
    display_name: rate.display_name ?? 'Tax',
    effective_percentage: rate.percentage,
    flat_amount: null,
    inclusive: rate.inclusive,
    jurisdiction: null,
    jurisdiction_level: null,
    livemode: false,
    metadata: {},
    percentage: rate.percentage,
    rate_type: 'percentage',
    state: null,
    tax_type: null,
  };
}

export type Amounts = { subtotal: number; tax: number; total: number };

/** Subtotal, tax and total for `quantity` units under the given tax rates (exclusive ones add to the total). */
export function amounts(unitAmount: number, quantity: number, taxRates: readonly TaxRateObject[]): Amounts {
  const subtotal = unitAmount * quantity;
  let tax = 0;
  let total = subtotal;
  for (const rate of taxRates) {
    if (rate.inclusive) {
      tax += subtotal - Math.round(subtotal / (1 + rate.percentage / 100));
    } else {
      const added = Math.round((subtotal * rate.percentage) / 100);
      tax += added;
      total += added;
    }
  }
  return { subtotal, tax, total };
}

// ------------------------------------------------------------------------------------------- customers

export type CustomerObject = {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: null;
  email: string | null;
  invoice_settings: { custom_fields: null; default_payment_method: null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
};

export function customerObject(id: string, email: string | null, created: number): CustomerObject {
  return {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    name: null,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

// ------------------------------------------------------------------------------------ checkout sessions

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

export type CheckoutSessionObject = {
  id: string;
  object: 'checkout.session';
  allow_promotion_codes: boolean | null;
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: { enabled: false; liability: null; provider: null; status: null };
  billing_address_collection: null;
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: null;
  created: number;
  currency: string;
  customer: string | null;
  customer_creation: null;
  customer_details: {
    address: null;
    email: string | null;
    name: null;
    phone: null;
    tax_exempt: 'none';
    tax_ids: [];
  } | null;
  customer_email: string | null;
  discounts: [];
  expires_at: number;
  invoice: string | null;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'subscription';
  payment_intent: null;
  payment_link: null;
  payment_method_collection: 'always';
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid';
  setup_intent: null;
  status: CheckoutSessionStatus;
  submit_type: null;
  subscription: string | null;
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted';
  url: string | null;
};

// ------------------------------------------------------------------------------- billing portal sessions

export type PortalSessionObject = {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  customer_account: null;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
};

// ----------------------------------------------------------------------------------------- subscriptions

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

export type SubscriptionItemObject = {
  id: string;
  object: 'subscription_item';
  billing_thresholds: null;
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: [];
  metadata: Metadata;
  plan: ReturnType<typeof planObject>;
  price: PriceObject;
  quantity: number;
  subscription: string;
  tax_rates: TaxRateObject[];
};

export type SubscriptionObject = {
  id: string;
  object: 'subscription';
  application: null;
  application_fee_percent: null;
  automatic_tax: { disabled_reason: null; enabled: false; liability: null };
  billing_cycle_anchor: number;
  billing_cycle_anchor_config: null;
  billing_mode: { flexible: null; type: 'classic' };
  billing_thresholds: null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: null; feedback: null; reason: 'cancellation_requested' | 'payment_failed' | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_account: null;
  days_until_due: null;
  default_payment_method: null;
  default_source: null;
  default_tax_rates: TaxRateObject[];
  description: null;
  discounts: [];
  ended_at: number | null;
  items: { object: 'list'; data: SubscriptionItemObject[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  next_pending_invoice_item_invoice: null;
  on_behalf_of: null;
  pause_collection: null;
  pending_invoice_item_interval: null;
  pending_setup_intent: null;
  pending_update: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  transfer_data: null;
  trial_end: null;
  trial_start: null;
};

export function subscriptionObject(input: {
  id: string;
  customer: string;
  price: PriceObject;
  quantity: number;
  metadata: Metadata;
  taxRates: TaxRateObject[];
  now: number;
}): SubscriptionObject {
  const { id, price, now } = input;
  const item: SubscriptionItemObject = {
    id: newId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: now,
    current_period_end: addInterval(now, price.recurring.interval, price.recurring.interval_count),
    current_period_start: now,
    discounts: [],
    metadata: {},
    plan: planObject(price),
    price,
    quantity: input.quantity,
    subscription: id,
    tax_rates: [],
  };
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: price.currency,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: input.taxRates,
    description: null,
    discounts: [],
    ended_at: null,
    items: {
      object: 'list',
      data: [item],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: { ...input.metadata },
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_start: null,
  };
}

// -------------------------------------------------------------------------------------------- invoices

export type InvoiceStatus = 'open' | 'paid';

export type InvoiceLineObject = {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  discount_amounts: [];
  discountable: true;
  discounts: [];
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details';
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: null;
      proration: false;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    };
  };
  period: { end: number; start: number };
  pretax_credit_amounts: [];
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  quantity: number;
  subscription: string;
  subtotal: number;
  taxes: { amount: number; tax_behavior: 'exclusive' | 'inclusive'; tax_rate_details: { tax_rate: string } }[];
};

export type InvoiceObject = {
  id: string;
  object: 'invoice';
  account_country: string;
  account_name: string;
  amount_due: number;
  amount_overpaid: number;
  amount_paid: number;
  amount_remaining: number;
  amount_shipping: number;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  default_tax_rates: [];
  description: null;
  discounts: [];
  due_date: null;
  effective_at: number;
  ending_balance: number;
  hosted_invoice_url: null;
  invoice_pdf: null;
  lines: { object: 'list'; data: InvoiceLineObject[]; has_more: false; total_count: number; url: string };
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  period_end: number;
  period_start: number;
  starting_balance: number;
  status: InvoiceStatus;
  status_transitions: {
    finalized_at: number;
    marked_uncollectible_at: null;
    paid_at: number | null;
    voided_at: null;
  };
  subtotal: number;
  subtotal_excluding_tax: number;
  test_clock: null;
  total: number;
  total_excluding_tax: number;
  total_taxes: { amount: number; tax_behavior: 'exclusive' | 'inclusive'; tax_rate_details: { tax_rate: string } }[];
};

let invoiceSerial = 0;

/** The invoice for the subscription's current period: paid, or open after a failed attempt. */
export function invoiceObject(input: {
  subscription: SubscriptionObject;
  customerEmail: string | null;
  reason: 'subscription_create' | 'subscription_cycle';
  paid: boolean;
  now: number;
  /** Start of the period that just ended (a renewal invoice covers it, as Stripe's do); default: the current start. */
  previousPeriodStart?: number;
}): InvoiceObject {
  const { subscription, now } = input;
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${subscription.id} has no items`);
  const id = newId('in', 24);
  const sum = amounts(item.price.unit_amount, item.quantity, subscription.default_tax_rates);
  const taxes = subscription.default_tax_rates.map((rate) => ({
    amount: amounts(item.price.unit_amount, item.quantity, [rate]).tax,
    tax_behavior: rate.inclusive ? ('inclusive' as const) : ('exclusive' as const),
    tax_rate_details: { tax_rate: rate.id },
  }));
  const excludingTax = sum.total - sum.tax;
  const inclusiveTax = taxes.reduce((all, tax) => all + (tax.tax_behavior === 'inclusive' ? tax.amount : 0), 0);
  const interval = item.price.recurring.interval_count === 1 ? '' : `${item.price.recurring.interval_count} `;
  const line: InvoiceLineObject = {
    id: newId('il', 24),
    object: 'line_item',
    amount: sum.subtotal,
    currency: subscription.currency,
    description: `${item.quantity} × subscription (at ${item.price.unit_amount} ${subscription.currency} / ${interval}${item.price.recurring.interval})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
    },
    period: { end: item.current_period_end, start: item.current_period_start },
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: item.price.id, product: item.price.product },
      unit_amount_decimal: item.price.unit_amount_decimal,
    },
    quantity: item.quantity,
    subscription: subscription.id,
    subtotal: sum.subtotal,
    taxes,
  };
  invoiceSerial++;
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Stripe test mode (local stand-in)',
    amount_due: sum.total,
    amount_overpaid: 0,
    amount_paid: input.paid ? sum.total : 0,
    amount_remaining: input.paid ? 0 : sum.total,
    amount_shipping: 0,
    attempt_count: 1,
    attempted: true,
    auto_advance: !input.paid,
    billing_reason: input.reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: subscription.currency,
    customer: subscription.customer,
    customer_email: input.customerEmail,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: { object: 'list', data: [line], has_more: false, total_count: 1, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: input.paid ? null : addInterval(now, 'day', 3),
    number: `STANDIN-${String(invoiceSerial).padStart(4, '0')}`,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    period_end: item.current_period_start,
    period_start: input.previousPeriodStart ?? item.current_period_start,
    starting_balance: 0,
    status: input.paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: now,
      marked_uncollectible_at: null,
      paid_at: input.paid ? now : null,
      voided_at: null,
    },
    subtotal: sum.subtotal,
    subtotal_excluding_tax: sum.subtotal - inclusiveTax,
    test_clock: null,
    total: sum.total,
    total_excluding_tax: excludingTax,
    total_taxes: taxes,
  };
}

// ---------------------------------------------------------------------------------------------- events

export function eventObject(
  type: string,
  object: object,
  created: number,
  pendingWebhooks: number,
  previous?: Record<string, unknown>,
): StripeEventObject {
  return {
    id: newId('evt', 24),
    object: 'event',
    type,
    created,
    api_version: STRIPE_API_VERSION,
    livemode: false,
    pending_webhooks: pendingWebhooks,
    request: { id: null, idempotency_key: null },
    data: {
      object: structuredClone(object) as Record<string, unknown>,
      ...(previous ? { previous_attributes: structuredClone(previous) } : {}),
    },
  };
}
