import { Type, type Static } from 'typebox';

const venueName = Type.String({
  minLength: 1,
  maxLength: 100,
  description: "The venue's name, shown on receipts and in the box office",
});

export const Settings = Type.Object(
  { venue_name: venueName },
  { description: 'Venue-wide settings; until one is set it falls back to MARQUEE_VENUE_NAME' },
);
export type SettingsView = Static<typeof Settings>;

export const SettingsPatchBody = Type.Object(
  { venue_name: Type.Optional(venueName) },
  { additionalProperties: false },
);
export type SettingsPatchInput = Static<typeof SettingsPatchBody>;
