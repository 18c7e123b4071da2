import type { FormInstance } from 'antd';
import type { FieldError } from '@pathconsult/shared';

/**
 * Puts the field errors of a 400 answer on the form's fields. `nameOf` maps the request's field
 * path (`hospital.iHospitalId`) to the form's field name (`iHospitalId`); a field the form does
 * not show maps to undefined. Returns whether any error found its field, so the caller can fall
 * back to a general message when none did.
 */
export function applyFieldErrors<Values>(
  form: FormInstance<Values>,
  errors: readonly FieldError[],
  nameOf: (strField: string) => string | undefined = (strField) => strField,
): boolean {
  const fields = errors.flatMap((error) => {
    const name = nameOf(error.strField);
    return name ? [{ name: name as never, errors: [error.strMessage] }] : [];
  });
  if (fields.length > 0) {
    form.setFields(fields);
  }
  return fields.length > 0;
}

/**
 * Shows a failed call's message unless the API client already did (transport failures are
 * toasted there; business failures of `handleFailure` calls are left to the caller).
 */
export function showFailure(
  error: { shown: boolean; strMessage: string },
  toast: (text: string) => void,
  fallback: string,
): void {
  if (!error.shown) {
    toast(error.strMessage || fallback);
  }
}
