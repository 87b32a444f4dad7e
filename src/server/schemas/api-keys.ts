import { Type } from 'typebox';
import { apiScopes } from '../../shared/api-scopes.js';
import { Nullable, Timestamp } from './common.js';

/** An API key as every answer shows it: never its secret, which only its creation answers. */
export const ApiKey = Type.Object(
  {
    id: Type.String({ description: 'key_ id' }),
    name: Type.String(),
    scope: Type.Enum([...apiScopes]),
    last4: Type.String({ description: 'The last 4 characters of the secret, to tell keys apart' }),
    created_at: Timestamp,
    revoked_at: Nullable(Timestamp),
  },
  { $id: 'ApiKey', description: 'An API key (its secret is shown once, on creation)' },
);

export const ApiKeyWithSecret = Type.Object({
  ...ApiKey.properties,
  secret: Type.String({
    description: 'Shown once, on creation; only its hash is stored',
  }),
});
