import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ActiveStaffSession, StaffService } from '../domain/staff.js';
import { ApiError } from '../errors.js';
import { staffRoles, type StaffRole } from '../store/staff-repo.js';
import { addRouteHook, isApiRoute } from './route-hooks.js';

/**
 * What a route asks of the staff member signed in at the till (docs/api.md "Staff"):
 * - `session`: `required` whatever the key (shifts: someone opens and closes them);
 *   `not_needed` for a write that changes nothing a person answers for (sign-in, sign-out,
 *   stream tokens). Otherwise a write needs one when the key is a box_office key and any active
 *   staff member exists.
 * - `roles`: who may, when a member is signed in (whatever the key). Default: every role on a
 *   route a box_office key may call, `manager` on the admin-only ones.
 */
export interface StaffRule {
  session?: 'required' | 'not_needed';
  roles?: readonly StaffRole[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    staff?: StaffRule;
  }
  interface FastifyRequest {
    /** The member the request's `Marquee-Staff` token signs in, while that session lasts. */
    staffSession: ActiveStaffSession | null;
    /** Why the `Marquee-Staff` token sent no longer counts; undefined when none was sent or it does. */
    staffSessionEnded: string | undefined;
  }
}

export const staffHeader = 'marquee-staff';

const signInRequired = (message: string) => new ApiError(403, 'staff_sign_in_required', message);

const readMethods = new Set(['GET', 'HEAD']);

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[staffHeader];
  return (Array.isArray(header) ? header[0] : header) || undefined;
}

/**
 * Resolves `Marquee-Staff` on every keyed /v2 route and, on writes, enforces sign-in and roles.
 * Runs after authentication (access.ts puts its hook first) and before idempotency, so a refusal
 * here is not kept as the answer to an Idempotency-Key the till retries after signing in.
 */
export function installStaffSessions(app: FastifyInstance, staff: StaffService): void {
  app.decorateRequest('staffSession', null);
  app.decorateRequest('staffSessionEnded', undefined);
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route)) return;
    const access = route.config?.access ?? [];
    if (access === 'public') return;
    const rule = route.config?.staff ?? {};
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const write = methods.some((method) => !readMethods.has(method));
    const roles = rule.roles ?? (access.includes('box_office') ? staffRoles : (['manager'] as const));
    const what = `${methods.join('|')} ${route.url}`;

    const check = (request: FastifyRequest): void => {
      const key = request.apiKey;
      if (!key) return;
      const token = tokenOf(request);
      let ended: string | undefined;
      if (token !== undefined) {
        const found = staff.resolve(token, key.id);
        if ('session' in found) request.staffSession = found.session;
        else ended = request.staffSessionEnded = found.ended;
      }
      // Reads need nobody, and a stale token on one is not worth refusing it for.
      if (!write || rule.session === 'not_needed') return;
      const session = request.staffSession;
      if (session === null) {
        if (ended !== undefined) throw signInRequired(ended);
        if (rule.session === 'required')
          throw signInRequired(`${what} needs a staff member signed in at this till. Sign in with your PIN.`);
        if (staff.signInRequired(key))
          throw signInRequired('Staff sign in at this venue: sign in with your PIN before making changes.');
        return;
      }
      if (!roles.includes(session.role)) {
        throw new ApiError(
          403,
          'insufficient_role',
          `${session.name} is signed in as ${session.role}; ${what} needs ${roles.join(' or ')}.`,
        );
      }
    };

    const hook = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      try {
        check(request);
        done();
      } catch (err) {
        done(err as Error);
      }
    };
    addRouteHook(route, 'onRequest', hook);
  });
}
