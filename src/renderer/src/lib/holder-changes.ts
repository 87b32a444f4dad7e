import type { AttendeePatch, AttendeeView } from '../api/types.js';

/** Only what changed; an emptied field clears it (the API takes null for that). */
export function holderChanges(holder: AttendeeView, name: string, email: string): AttendeePatch {
  const patch: AttendeePatch = {};
  const typedName = name.trim() || null;
  const typedEmail = email.trim() || null;
  if (typedName !== holder.name) patch.name = typedName;
  if (typedEmail !== holder.email) patch.email = typedEmail;
  return patch;
}
