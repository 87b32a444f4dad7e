import { ApiRequestError } from '../api/api-error.js';

export interface SplitError {
  /** Messages for fields the form shows, keyed by the form's field name. */
  fields: Record<string, string>;
  /** What belongs above the form: errors with no param, or a param the form has no field for. */
  form: string | null;
}

/**
 * Puts a refusal where the seller will look: on the field the server named in `param` when the
 * form has it (`tickets[0].price_cents` or `buyer.email` match by their last part too), else on
 * the form. `aliases` maps a server param to a form field with another name.
 */
export function splitError(
  err: unknown,
  formFields: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): SplitError {
  if (!(err instanceof ApiRequestError)) {
    return { fields: {}, form: err instanceof Error ? err.message : String(err) };
  }
  const field = err.param === undefined ? undefined : fieldForParam(err.param, formFields, aliases);
  if (field === undefined) return { fields: {}, form: err.message };
  return { fields: { [field]: err.message }, form: null };
}

export function fieldForParam(
  param: string,
  formFields: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): string | undefined {
  const aliased = aliases[param];
  if (aliased !== undefined) return aliased;
  if (formFields.includes(param)) return param;
  const last = param
    .split(/[.[\]]+/)
    .filter(Boolean)
    .pop();
  return last !== undefined && formFields.includes(last) ? last : undefined;
}
