import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

export interface StaffJson {
  id: string;
  name: string;
  role: 'manager' | 'seller' | 'door';
  active: boolean;
  created_at: string;
  updated_at: string;
}

/** Adds a staff member with the admin key; must succeed. */
export async function addStaff(
  t: TestApp,
  name: string,
  role: StaffJson['role'],
  pin: string,
): Promise<StaffJson> {
  const res = await t.call('POST', '/v2/staff', { name, role, pin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StaffJson;
}

export const signInWith = (t: TestApp, key: string, pin: string): Promise<LightMyRequestResponse> =>
  t.call('POST', '/v2/staff/sign_in', { pin }, key);

/** Signs in at the till whose key is `key`; answers the session token. */
export async function signIn(t: TestApp, key: string, pin: string): Promise<string> {
  const res = await signInWith(t, key, pin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { session_token: string }).session_token;
}

/** The header a request made by a signed-in member carries. */
export const asStaff = (token: string): Record<string, string> => ({ 'marquee-staff': token });
