import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const YOOKASSA = { PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '100500', YOOKASSA_SECRET_KEY: 'live_key' };

describe('the payment provider of a production server (issue 23, 7)', () => {
  it('the sandbox (fake payments) is a configuration error in production, named; by default too', () => {
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/PAYMENT_PROVIDER: the sandbox takes fake payments/);
    }
  });

  it('production with YooKassa starts; development and tests keep the sandbox by default', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...YOOKASSA }).PAYMENT_PROVIDER).toBe('yookassa');
    expect(loadConfig({ NODE_ENV: 'development' }).PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'test' }).PAYMENT_PROVIDER).toBe('sandbox');
  });
});
