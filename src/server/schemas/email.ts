import { Type } from 'typebox';
import { emailMaxLength } from '../../shared/email-address.js';

/** An email address as people type it (Ajv's `email` format); 254 is the SMTP path limit. */
export const emailFormat = { format: 'email', maxLength: emailMaxLength } as const;
export const Email = Type.String(emailFormat);
