import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { applyFieldErrors, showFailure } from './form-errors';

function fakeForm() {
  const setFields = vi.fn();
  return { form: { setFields } as unknown as FormInstance, setFields };
}

describe('applyFieldErrors', () => {
  it('puts each 400 field error on the form field it names', () => {
    const { form, setFields } = fakeForm();
    const applied = applyFieldErrors(
      form,
      [
        { strField: 'ddRoleType.iNumber', strMessage: 'bad role' },
        { strField: 'secret', strMessage: 'not shown' },
      ],
      (field) => (field.startsWith('ddRoleType') ? 'iRoleType' : undefined),
    );
    expect(applied).toBe(true);
    expect(setFields).toHaveBeenCalledWith([{ name: 'iRoleType', errors: ['bad role'] }]);
  });

  it('says so when no error belongs to a field of the form', () => {
    const { form, setFields } = fakeForm();
    expect(applyFieldErrors(form, [{ strField: '', strMessage: 'x' }], () => undefined)).toBe(
      false,
    );
    expect(setFields).not.toHaveBeenCalled();
  });
});

describe('showFailure', () => {
  it('shows a failure once: not again when the client already did', () => {
    const toast = vi.fn();
    showFailure({ shown: true, strMessage: 'already shown' }, toast, 'fallback');
    showFailure({ shown: false, strMessage: '' }, toast, 'fallback');
    showFailure({ shown: false, strMessage: 'Name taken' }, toast, 'fallback');
    expect(toast.mock.calls).toEqual([['fallback'], ['Name taken']]);
  });
});
