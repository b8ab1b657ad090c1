/**
 * The stand-in's Stripe account: prices, tax rates, customers, checkout and portal sessions, subscriptions,
 * invoices and the payments behind them (payments.ts), and the state changes of a subscription's life. Each change mutates the stored objects and returns
 * the events Stripe would send (also kept in `events`); API-level problems throw StripeFakeHttpError.
 */
import type { FormObject } from './form-body.ts';
import {
  booleanParam,
  listPage,
  mergeMetadata,
  metadataParam,
  onlyParams,
  optionalString,
  sameMetadata,
  stringList,
  urlParam,
} from './params.ts';
import { createPayments } from './payments.ts';
import { invalidRequest, missingParam, resourceMissing } from './stripe-errors.ts';
import {
  addInterval,
  amounts,
  type CheckoutSessionObject,
  type CustomerObject,
  customerObject,
  eventObject,
  type InvoiceObject,
  invoiceObject,
  type Metadata,
  newId,
  type PortalSessionObject,
  type PriceObject,
  priceObject,
  type StripeEventObject,
  type StripeFakePrice,
  type StripeFakeTaxRate,
  type SubscriptionObject,
  subscriptionObject,
  type TaxRateObject,
  taxRateObject,
} from './stripe-objects.ts';

type SessionState = {
  object: CheckoutSessionObject;
  price: PriceObject;
  quantity: number;
  subscriptionMetadata: Metadata;
  taxRates: TaxRateObject[];
};

type SubscriptionState = {
  object: SubscriptionObject;
  /** Which billing period the items are in, counting from billing_cycle_anchor (0 = the first). */
  cycle: number;
};

const SESSION_LIFETIME_S = 24 * 60 * 60;

export type StripeStateOptions = {
  prices: Record<string, StripeFakePrice>;
  taxRates?: Record<string, StripeFakeTaxRate> | undefined;
  /** Seconds since epoch. */
  now: () => number;
  /** pending_webhooks of each event. */
  pendingWebhooks: number;
  /** Where the pages are served, e.g. http://127.0.0.1:4242 (for the sessions' urls). */
  baseUrl: () => string;
};

export function createStripeState(options: StripeStateOptions) {
  const { now, pendingWebhooks } = options;
  const prices = new Map<string, PriceObject>();
  for (const [id, price] of Object.entries(options.prices)) prices.set(id, priceObject(id, price, now()));
  const taxRates = new Map<string, TaxRateObject>();
  for (const [id, rate] of Object.entries(options.taxRates ?? {})) taxRates.set(id, taxRateObject(id, rate, now()));
  const customers = new Map<string, CustomerObject>();
  const sessions = new Map<string, SessionState>();
  const portals = new Map<string, PortalSessionObject>();
  const subscriptions = new Map<string, SubscriptionState>();
  const invoices = new Map<string, InvoiceObject>();
  const payments = createPayments(now);
  const events: StripeEventObject[] = [];

  function addInvoice(invoice: InvoiceObject): void {
    invoices.set(invoice.id, invoice);
    const { id, customer, amount_due: amount, currency } = invoice;
    payments.chargeInvoice({ invoice: id, customer, amount, currency, paid: invoice.status === 'paid' });
  }

  function emit(type: string, object: object, previous?: Record<string, unknown>): StripeEventObject {
    const event = eventObject(type, object, now(), pendingWebhooks, previous);
    events.push(event);
    return event;
  }

  function refresh(session: CheckoutSessionObject): CheckoutSessionObject {
    if (session.status === 'open' && now() >= session.expires_at) {
      session.status = 'expired';
      session.url = null;
    }
    return session;
  }

  function findSubscription(id: string): SubscriptionState {
    const state = subscriptions.get(id);
    if (!state) throw resourceMissing('subscription', id);
    return state;
  }

  function taxRateFor(id: string): TaxRateObject {
    let rate = taxRates.get(id);
    if (!rate) {
      rate = taxRateObject(id, { percentage: 0, inclusive: false }, now());
      taxRates.set(id, rate);
    }
    return rate;
  }

  function createCheckoutSession(body: FormObject): CheckoutSessionObject {
    const mode = optionalString(body, 'mode');
    if (mode === undefined) throw missingParam('mode');
    if (mode !== 'subscription') {
      throw invalidRequest(`The Stripe stand-in only supports mode=subscription (got '${mode}').`, 'mode');
    }
    const lineItems = body.line_items;
    if (lineItems === undefined) throw missingParam('line_items');
    if (!Array.isArray(lineItems) || lineItems.length === 0) throw invalidRequest('Invalid array', 'line_items');
    if (lineItems.length > 1) throw invalidRequest('The Stripe stand-in supports one line item.', 'line_items');
    const line = lineItems[0];
    if (typeof line !== 'object' || line === null || Array.isArray(line)) {
      throw invalidRequest('Invalid object', 'line_items[0]');
    }
    const priceId = optionalString(line, 'price', 'line_items[0][price]');
    if (!priceId) throw missingParam('line_items[0][price]');
    const price = prices.get(priceId);
    if (!price) throw resourceMissing('price', priceId, 'line_items[0][price]', 400);
    const quantityText = optionalString(line, 'quantity', 'line_items[0][quantity]') ?? '1';
    if (!/^\d+$/.test(quantityText) || Number(quantityText) < 1) {
      throw invalidRequest(`Invalid integer: ${quantityText}`, 'line_items[0][quantity]');
    }
    const quantity = Number(quantityText);

    const customerId = optionalString(body, 'customer') || null;
    const customerEmail = optionalString(body, 'customer_email') || null;
    if (customerId && customerEmail) {
      throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer');
    }
    const successUrl = urlParam(body, 'success_url');
    const cancelUrl = urlParam(body, 'cancel_url');
    const metadata = metadataParam(body.metadata, 'metadata') || {};
    const subscriptionData = body.subscription_data;
    if (subscriptionData !== undefined && (typeof subscriptionData !== 'object' || Array.isArray(subscriptionData))) {
      throw invalidRequest('Invalid object', 'subscription_data');
    }
    const subscriptionMetadata = metadataParam(subscriptionData?.metadata, 'subscription_data[metadata]') || {};
    const rates = stringList(subscriptionData?.default_tax_rates, 'subscription_data[default_tax_rates]').map(
      taxRateFor,
    );
    const allowPromotionCodes =
      body.allow_promotion_codes === undefined
        ? null
        : booleanParam(body.allow_promotion_codes, 'allow_promotion_codes');

    // A customer named here is taken as existing (the stand-in has no customer API to create one first).
    if (customerId && !customers.has(customerId)) customers.set(customerId, customerObject(customerId, null, now()));

    const id = newId('cs_test', 58);
    const created = now();
    const sum = amounts(price.unit_amount, quantity, rates);
    const session: CheckoutSessionObject = {
      id,
      object: 'checkout.session',
      allow_promotion_codes: allowPromotionCodes,
      amount_subtotal: sum.subtotal,
      amount_total: sum.total,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: cancelUrl,
      client_reference_id: optionalString(body, 'client_reference_id') || null,
      client_secret: null,
      created,
      currency: price.currency,
      customer: customerId,
      customer_creation: null,
      customer_details: customerEmail
        ? { address: null, email: customerEmail, name: null, phone: null, tax_exempt: 'none', tax_ids: [] }
        : null,
      customer_email: customerEmail,
      discounts: [],
      expires_at: created + SESSION_LIFETIME_S,
      invoice: null,
      livemode: false,
      locale: optionalString(body, 'locale') || null,
      metadata,
      mode: 'subscription',
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'always',
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      setup_intent: null,
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: sum.tax },
      ui_mode: 'hosted',
      url: `${options.baseUrl()}/checkout/${id}`,
    };
    sessions.set(id, { object: session, price, quantity, subscriptionMetadata, taxRates: rates });
    return session;
  }

  function payCheckout(sessionId: string): StripeEventObject[] {
    const state = sessions.get(sessionId);
    if (!state) throw new Error(`Stripe stand-in: no checkout session ${sessionId}`);
    const session = refresh(state.object);
    if (session.status !== 'open') {
      throw new Error(`Stripe stand-in: checkout session ${sessionId} is ${session.status}, not open`);
    }
    let customer = session.customer ? customers.get(session.customer) : undefined;
    if (!customer) {
      const email = session.customer_email ?? 'customer@example.com';
      customer = customerObject(session.customer ?? newId('cus', 14), email, now());
      customers.set(customer.id, customer);
    }
    const subscription = subscriptionObject({
      id: newId('sub', 24),
      customer: customer.id,
      price: state.price,
      quantity: state.quantity,
      metadata: state.subscriptionMetadata,
      taxRates: state.taxRates,
      now: now(),
    });
    const invoice = invoiceObject({
      subscription,
      customerEmail: customer.email,
      reason: 'subscription_create',
      paid: true,
      now: now(),
    });
    addInvoice(invoice);
    subscription.latest_invoice = invoice.id;
    subscriptions.set(subscription.id, { object: subscription, cycle: 0 });

    session.status = 'complete';
    session.payment_status = 'paid';
    session.customer = customer.id;
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    session.url = null;
    session.customer_details = {
      address: null,
      email: customer.email,
      name: null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    return [
      emit('checkout.session.completed', session),
      emit('customer.subscription.created', subscription),
      emit('invoice.paid', invoice),
    ];
  }

  /** cancel_at_period_end and/or metadata; [] when nothing changes. Throws StripeFakeHttpError. */
  function updateSubscription(id: string, change: { cancelAtPeriodEnd?: boolean; metadata?: Metadata | '' }) {
    const { object: sub } = findSubscription(id);
    if (sub.status === 'canceled' && change.cancelAtPeriodEnd !== undefined) {
      throw invalidRequest(
        'A canceled subscription can only update its cancellation_details and metadata.',
        'cancel_at_period_end',
      );
    }
    const previous: Record<string, unknown> = {};
    if (change.cancelAtPeriodEnd !== undefined && change.cancelAtPeriodEnd !== sub.cancel_at_period_end) {
      previous.cancel_at = sub.cancel_at;
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      previous.canceled_at = sub.canceled_at;
      previous.cancellation_details = { ...sub.cancellation_details };
      sub.cancel_at_period_end = change.cancelAtPeriodEnd;
      if (change.cancelAtPeriodEnd) {
        sub.cancel_at = sub.items.data[0]?.current_period_end ?? null;
        // As Stripe: canceled_at is the time of the request, not the end of the period.
        sub.canceled_at = now();
        sub.cancellation_details = { comment: null, feedback: null, reason: 'cancellation_requested' };
      } else {
        sub.cancel_at = null;
        sub.canceled_at = null;
        sub.cancellation_details = { comment: null, feedback: null, reason: null };
      }
    }
    if (change.metadata !== undefined) {
      const next = mergeMetadata(sub.metadata, change.metadata);
      if (!sameMetadata(next, sub.metadata)) {
        previous.metadata = { ...sub.metadata };
        sub.metadata = next;
      }
    }
    return Object.keys(previous).length === 0 ? [] : [emit('customer.subscription.updated', sub, previous)];
  }

  function activeSubscription(id: string): SubscriptionState {
    const state = subscriptions.get(id);
    if (!state) throw new Error(`Stripe stand-in: no subscription ${id}`);
    if (state.object.status === 'canceled') throw new Error(`Stripe stand-in: subscription ${id} is canceled`);
    return state;
  }

  /** Moves the items to the next period and bills it; returns what the update event needs. */
  function renew(
    state: SubscriptionState,
    paid: boolean,
  ): { invoice: InvoiceObject; previous: Record<string, unknown> } {
    const sub = state.object;
    const previous: Record<string, unknown> = { items: structuredClone(sub.items), latest_invoice: sub.latest_invoice };
    const previousStart = sub.items.data[0]?.current_period_start;
    state.cycle++;
    for (const item of sub.items.data) {
      const { interval, interval_count: count } = item.price.recurring;
      item.current_period_start = addInterval(sub.billing_cycle_anchor, interval, count * state.cycle);
      item.current_period_end = addInterval(sub.billing_cycle_anchor, interval, count * (state.cycle + 1));
    }
    const customer = customers.get(sub.customer);
    const invoice = invoiceObject({
      subscription: sub,
      customerEmail: customer?.email ?? null,
      reason: 'subscription_cycle',
      paid,
      now: now(),
      ...(previousStart === undefined ? {} : { previousPeriodStart: previousStart }),
    });
    addInvoice(invoice);
    sub.latest_invoice = invoice.id;
    const status = paid ? 'active' : 'past_due';
    if (sub.status !== status) {
      previous.status = sub.status;
      sub.status = status;
    }
    return { invoice, previous };
  }

  function endPeriodNow(id: string): StripeEventObject[] {
    const state = activeSubscription(id);
    const sub = state.object;
    if (sub.cancel_at_period_end) {
      const end = sub.items.data[0]?.current_period_end ?? now();
      sub.status = 'canceled';
      sub.ended_at = end;
      sub.canceled_at ??= end;
      return [emit('customer.subscription.deleted', sub)];
    }
    const { invoice, previous } = renew(state, true);
    return [emit('invoice.paid', invoice), emit('customer.subscription.updated', sub, previous)];
  }

  function failPaymentNow(id: string): StripeEventObject[] {
    const state = activeSubscription(id);
    const sub = state.object;
    if (sub.status === 'past_due') {
      const invoice = sub.latest_invoice ? invoices.get(sub.latest_invoice) : undefined;
      if (invoice && invoice.status === 'open') {
        invoice.attempt_count++;
        invoice.next_payment_attempt = addInterval(now(), 'day', 3);
        return [emit('invoice.payment_failed', invoice)];
      }
    }
    if (sub.cancel_at_period_end) {
      throw new Error(`Stripe stand-in: subscription ${id} cancels at the period end; there is no renewal to fail`);
    }
    const { invoice, previous } = renew(state, false);
    return [emit('invoice.payment_failed', invoice), emit('customer.subscription.updated', sub, previous)];
  }

  function cancelSubscriptionNow(id: string): StripeEventObject[] {
    const sub = findSubscription(id).object;
    if (sub.status === 'canceled') {
      throw invalidRequest(`This subscription (${id}) has already been canceled.`, undefined, 'resource_missing');
    }
    const at = now();
    sub.status = 'canceled';
    sub.canceled_at = at;
    sub.ended_at = at;
    sub.cancellation_details = { comment: null, feedback: null, reason: 'cancellation_requested' };
    return [emit('customer.subscription.deleted', sub)];
  }

  // ----------------------------------------------------------------------------------------- expand

  const EXPANDABLE: Record<string, Record<string, (id: string) => object | undefined>> = {
    'checkout.session': {
      customer: (id) => customers.get(id),
      subscription: (id) => subscriptions.get(id)?.object,
      invoice: (id) => invoices.get(id),
    },
    subscription: { customer: (id) => customers.get(id), latest_invoice: (id) => invoices.get(id) },
    invoice: { customer: (id) => customers.get(id) },
    payment_intent: { customer: (id) => customers.get(id), latest_charge: (id) => payments.charges.get(id) },
    charge: { customer: (id) => customers.get(id), payment_intent: (id) => payments.paymentIntents.get(id) },
    refund: { charge: (id) => payments.charges.get(id), payment_intent: (id) => payments.paymentIntents.get(id) },
    invoice_payment: { invoice: (id) => invoices.get(id) },
  };

  function lineItems(id: string) {
    const state = sessions.get(id);
    if (!state) return undefined;
    const sum = amounts(state.price.unit_amount, state.quantity, state.taxRates);
    return {
      object: 'list',
      data: [
        {
          id: newId('li', 24),
          object: 'item',
          amount_discount: 0,
          amount_subtotal: sum.subtotal,
          amount_tax: sum.tax,
          amount_total: sum.total,
          currency: state.price.currency,
          description: state.price.id,
          price: structuredClone(state.price),
          quantity: state.quantity,
        },
      ],
      has_more: false,
      url: `/v1/checkout/sessions/${id}/line_items`,
    };
  }

  function expandInto(target: Record<string, unknown>, path: string[], full: string): void {
    const [field, ...rest] = path;
    const kind = String(target.object);
    if (field === 'line_items' && kind === 'checkout.session' && rest.length === 0) {
      target.line_items = lineItems(String(target.id));
      return;
    }
    const lookup = field === undefined ? undefined : EXPANDABLE[kind]?.[field];
    if (!lookup || field === undefined) throw invalidRequest(`This property cannot be expanded (${full}).`, 'expand');
    const value = target[field];
    if (typeof value === 'string') {
      const found = lookup(value);
      if (!found) return;
      target[field] = structuredClone(found);
    }
    const next = target[field];
    if (rest.length > 0 && typeof next === 'object' && next !== null) {
      expandInto(next as Record<string, unknown>, rest, full);
    }
  }

  /** A copy of the object with the `expand[]` paths of the request expanded. */
  function present(object: object, params: FormObject): Record<string, unknown> {
    const copy = structuredClone(object) as Record<string, unknown>;
    for (const path of stringList(params.expand, 'expand')) expandInto(copy, path.split('.'), path);
    return copy;
  }

  function createPortalSession(params: FormObject): PortalSessionObject {
    const customer = optionalString(params, 'customer');
    if (!customer) throw missingParam('customer');
    if (!customers.has(customer)) throw resourceMissing('customer', customer, 'customer');
    const id = newId('bps', 24);
    const session: PortalSessionObject = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_standin_default',
      created: now(),
      customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: optionalString(params, 'locale') || null,
      on_behalf_of: null,
      return_url: urlParam(params, 'return_url'),
      url: `${options.baseUrl()}/billing_portal/${id}`,
    };
    portals.set(id, session);
    return session;
  }

  /** GET /v1/invoices: by subscription, customer and status, newest first. */
  function listInvoices(params: FormObject) {
    onlyParams(params, ['subscription', 'customer', 'status', 'limit', 'starting_after']);
    const wanted = (key: string, value: string) => {
      const asked = optionalString(params, key);
      return asked === undefined || asked === value;
    };
    const found = [...invoices.values()]
      .filter(
        (i) =>
          wanted('subscription', i.parent.subscription_details.subscription) &&
          wanted('customer', i.customer) &&
          wanted('status', i.status),
      )
      .reverse();
    return listPage(found, params, '/v1/invoices');
  }

  /** The customer's subscriptions, newest first. */
  function subscriptionsOf(customer: string): SubscriptionObject[] {
    return [...subscriptions.values()]
      .map((s) => s.object)
      .filter((s) => s.customer === customer)
      .sort((a, b) => b.created - a.created);
  }

  return {
    events,
    prices,
    sessions,
    portals,
    subscriptions,
    invoices,
    payments,
    listInvoices,
    refresh,
    findSubscription,
    createCheckoutSession,
    payCheckout,
    updateSubscription,
    endPeriod: endPeriodNow,
    failPayment: failPaymentNow,
    cancelNow: cancelSubscriptionNow,
    createPortalSession,
    subscriptionsOf,
    present,
  };
}

export type StripeState = ReturnType<typeof createStripeState>;
