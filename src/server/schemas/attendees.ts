import { Type, type Static } from 'typebox';
import { ExportFormat, FilledText, ListQuery, Nullable, Timestamp } from './common.js';
import { Email } from './email.js';
import { attendeeExample } from './examples.js';

export const Attendee = Type.Object(
  {
    id: Type.String(),
    event_id: Type.String(),
    order_id: Type.String(),
    ticket_id: Type.String(),
    name: Nullable(Type.String()),
    email: Nullable(Type.String()),
    created_at: Timestamp,
  },
  { $id: 'Attendee', description: 'The person a ticket is for', examples: [attendeeExample] },
);
export type AttendeeView = Static<typeof Attendee>;

export const AttendeesQuery = Type.Object(
  { ...ListQuery, ...ExportFormat, event_id: Type.String({ maxLength: 80 }) },
  { additionalProperties: false },
);

export const AttendeePatchBody = Type.Object(
  {
    name: Type.Optional(Nullable(FilledText({ minLength: 1, maxLength: 200 }))),
    email: Type.Optional(Nullable(Email)),
  },
  { additionalProperties: false },
);
export type AttendeePatchInput = Static<typeof AttendeePatchBody>;
