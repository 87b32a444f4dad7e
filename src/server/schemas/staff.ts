import { Type, type Static } from 'typebox';
import { staffRoles } from '../store/staff-repo.js';

export { staffRoles, type StaffRole } from '../store/staff-repo.js';
import { FilledText, ListQuery, Timestamp, pinPattern } from './common.js';

const staffName = FilledText({ minLength: 1, maxLength: 100, description: 'As the till shows it' });
const role = Type.Enum([...staffRoles], {
  description:
    'manager: everything, including refunds, voids, payouts and staff; seller: sells, opens and closes shifts; door: checks guests in, cannot sell',
});
const pin = Type.String({
  pattern: pinPattern,
  description:
    '4–8 digits, stored hashed and never answered. Sign-in is by PIN alone, so no two active members may share one (409 pin_in_use)',
});

export const Staff = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    role,
    active: Type.Boolean({
      description: 'false once deactivated (DELETE); an inactive member cannot sign in',
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Staff', description: 'A member of staff who signs in at a till with a PIN' },
);
export type StaffView = Static<typeof Staff>;

export const StaffCreateBody = Type.Object({ name: staffName, role, pin }, { additionalProperties: false });
export type StaffCreateInput = Static<typeof StaffCreateBody>;

export const StaffPatchBody = Type.Object(
  {
    name: Type.Optional(staffName),
    role: Type.Optional(role),
    pin: Type.Optional(pin),
    active: Type.Optional(Type.Boolean({ description: 'true reactivates a deactivated member' })),
  },
  { additionalProperties: false, description: 'A PIN reset is `{"pin": "…"}`' },
);
export type StaffPatchInput = Static<typeof StaffPatchBody>;

export const StaffQuery = Type.Object(
  {
    ...ListQuery,
    active: Type.Optional(
      Type.Boolean({ description: 'Only active (true) or only deactivated (false) members' }),
    ),
  },
  { additionalProperties: false },
);

export const SignInBody = Type.Object(
  { pin: Type.String({ pattern: pinPattern, description: 'What the member typed on the keypad' }) },
  { additionalProperties: false },
);

export const StaffSignIn = Type.Object(
  {
    staff: Staff,
    session_token: Type.String({
      description: 'Send as the `Marquee-Staff` header with this till’s key; shown once, stored hashed',
    }),
    expires_at: Timestamp,
  },
  { $id: 'StaffSignIn', description: 'A staff session at this till: 12 hours, or until sign-out' },
);
export type StaffSignInView = Static<typeof StaffSignIn>;

export const StaffSession = Type.Object(
  {
    staff: Type.Union([Staff, Type.Null()], {
      description: 'Who is signed in with the Marquee-Staff header sent; null when nobody',
    }),
    expires_at: Type.Union([Timestamp, Type.Null()], {
      description: 'When the session signs out on its own (ISO 8601, UTC); null when nobody is signed in',
    }),
    sign_in_required: Type.Boolean({
      description:
        'Whether this key must have a staff member signed in to make changes: a box_office key once any active staff member exists',
    }),
    api_key_id: Type.String({
      description: 'The id of the key asking: this till, as its shifts’ `api_key_id` names it',
    }),
    ended: Type.Optional(
      Type.String({
        description:
          'Why the Marquee-Staff token sent no longer signs anyone in (deactivated, PIN reset, 12 hours), in the words a write would be refused with; absent when no token was sent or it still counts',
      }),
    ),
  },
  { $id: 'StaffSession', description: 'Who is signed in at this till, and whether someone must be' },
);
export type StaffSessionView = Static<typeof StaffSession>;

export const SignOutBody = Type.Object({}, { additionalProperties: false });

export const SignedOut = Type.Object(
  {
    signed_out: Type.Boolean({ description: 'false when the session had already ended (or none was sent)' }),
  },
  { description: 'What sign-out answers' },
);
export type SignedOutView = Static<typeof SignedOut>;
