import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../http/access.js';
import { actionContext, sendAnswer } from '../http/action-context.js';
import { bodyDefaultsToEmpty } from '../http/optional-body.js';
import { IdParams, ListOf, errorResponses, ref } from '../schemas/common.js';
import {
  SignInBody,
  SignOutBody,
  SignedOut,
  Staff,
  StaffCreateBody,
  StaffPatchBody,
  StaffQuery,
  StaffSession,
  StaffSignIn,
} from '../schemas/staff.js';
import { toIso } from '../time.js';

/** A till signs its staff in and out; reading and managing staff is an admin's (docs/api.md "Staff"). */
const till = ['box_office'] as const;

/**
 * Staff members and PIN sign-in. The list is admin only: a till's keypad takes a PIN alone, so it
 * needs nobody's name before sign-in, and a lost till key should not hand out the staff list.
 */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { staff } = app.ctx;
  const tags = ['staff'];

  api.post(
    '/staff',
    {
      schema: {
        operationId: 'createStaff',
        tags,
        summary:
          'Add a staff member with a role and a PIN (409 pin_in_use when an active member has that PIN)',
        body: StaffCreateBody,
        response: { 200: ref(Staff), ...errorResponses },
      },
    },
    async (request, reply) => sendAnswer(reply, await staff.create(actionContext(request), request.body)),
  );

  api.get(
    '/staff',
    {
      schema: {
        operationId: 'listStaff',
        tags,
        summary: 'List staff members, oldest first; filter with active',
        querystring: StaffQuery,
        response: { 200: ListOf(ref(Staff)), ...errorResponses },
      },
    },
    async (request) => staff.list(request.query.active, request.query.limit ?? 20, request.query.cursor),
  );

  api.post(
    '/staff/sign_in',
    {
      config: { access: till, staff: { session: 'not_needed' } },
      schema: {
        operationId: 'signInStaff',
        tags,
        summary:
          'Sign a staff member in at this till by PIN alone: 401 invalid_pin when no active member has it, 429 after repeated wrong PINs',
        body: SignInBody,
        response: { 200: ref(StaffSignIn), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await staff.signIn(actionContext(request), request.body.pin, callerOf(request).id)),
  );

  api.post(
    '/staff/sign_out',
    {
      config: { access: till, staff: { session: 'not_needed' } },
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'signOutStaff',
        tags,
        summary: 'End the staff session sent as Marquee-Staff (an ended or missing one: signed_out false)',
        body: SignOutBody,
        response: { 200: SignedOut, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await staff.signOut(actionContext(request), request.staffSession)),
  );

  api.get(
    '/staff/session',
    {
      config: { access: till },
      schema: {
        operationId: 'getStaffSession',
        tags,
        summary:
          'Who is signed in with the Marquee-Staff header sent, and whether this key needs someone to be',
        response: { 200: ref(StaffSession), ...errorResponses },
      },
    },
    async (request) => {
      const session = request.staffSession;
      return {
        staff: session ? staff.get(session.staffId) : null,
        expires_at: session ? toIso(session.expiresAt) : null,
        sign_in_required: staff.signInRequired(callerOf(request)),
        api_key_id: callerOf(request).id,
        // A till polls this: it finds out its member was signed out by the office without waiting
        // for its next write to be refused, and says why in the same words.
        ...(request.staffSessionEnded === undefined ? {} : { ended: request.staffSessionEnded }),
      };
    },
  );

  api.get(
    '/staff/:id',
    {
      schema: {
        operationId: 'getStaff',
        tags,
        summary: 'Get a staff member',
        params: IdParams('stf'),
        response: { 200: ref(Staff), ...errorResponses },
      },
    },
    async (request) => staff.get(request.params.id),
  );

  api.patch(
    '/staff/:id',
    {
      schema: {
        operationId: 'updateStaff',
        tags,
        summary: 'Change name, role, PIN (a PIN reset) or active',
        params: IdParams('stf'),
        body: StaffPatchBody,
        response: { 200: ref(Staff), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await staff.update(actionContext(request), request.params.id, request.body)),
  );

  api.delete(
    '/staff/:id',
    {
      schema: {
        operationId: 'deactivateStaff',
        tags,
        summary: 'Deactivate a staff member: they can no longer sign in and their sessions end',
        params: IdParams('stf'),
        response: { 200: ref(Staff), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await staff.deactivate(actionContext(request), request.params.id)),
  );
}
