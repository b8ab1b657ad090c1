/** Stripe's bracketed form encoding back into nested objects and arrays. */
import { describe, expect, it } from 'vitest';
import { FormBodyError, parseFormBody, splitKey } from './form-body.ts';

describe('parseFormBody', () => {
  it('nests bracketed keys into objects and indexed keys into arrays', () => {
    const body =
      'mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=2&line_items[1][price]=price_2' +
      '&metadata[user%20id]=u+1&subscription_data[default_tax_rates][0]=txr_1&expand[0]=customer&expand[1]=subscription';
    expect(parseFormBody(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '2' }, { price: 'price_2' }],
      metadata: { 'user id': 'u 1' },
      subscription_data: { default_tax_rates: ['txr_1'] },
      expand: ['customer', 'subscription'],
    });
  });

  it('accepts percent-encoded brackets, empty values and `[]` appends', () => {
    expect(parseFormBody('metadata%5Bplan%5D=pro&metadata[old]=&expand[]=a&expand[]=b&cancel_url=')).toEqual({
      metadata: { plan: 'pro', old: '' },
      expand: ['a', 'b'],
      cancel_url: '',
    });
  });

  it('keeps the order of sparse indexes without holes', () => {
    expect(parseFormBody('a[3]=x&a[1]=y')).toEqual({ a: ['y', 'x'] });
  });

  it('refuses keys that are both a value and a hash, mixed arrays and prototype keys', () => {
    expect(() => parseFormBody('a=1&a[b]=2')).toThrow(FormBodyError);
    expect(() => parseFormBody('a[b]=2&a=1')).toThrow(FormBodyError);
    expect(() => parseFormBody('a[0]=1&a[b]=2')).toThrow(FormBodyError);
    expect(() => parseFormBody('__proto__[polluted]=1')).toThrow(FormBodyError);
    expect(() => parseFormBody('a[constructor][prototype][x]=1')).toThrow(FormBodyError);
    expect(() => parseFormBody('a[b=1')).toThrow(FormBodyError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('splits keys', () => {
    expect(splitKey('a')).toEqual(['a']);
    expect(splitKey('a[b][0][c]')).toEqual(['a', 'b', '0', 'c']);
    expect(splitKey('a[]')).toEqual(['a', '']);
  });
});
