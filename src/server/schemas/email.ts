import { Type } from 'typebox';
import { emailMaxLength } from '../../shared/email-address.js';

/** An email address as people type it (Ajv's `email` format); 254 is the SMTP path limit. */
export const Email = Type.String({ format: 'email', maxLength: emailMaxLength });
