import { useNavigate } from 'react-router';
import type { FormInstance } from 'antd';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { toastError, toastSuccess } from '@/lib/toast';

/**
 * What every return dialog does once the server answered: on success say so and go back to the
 * waiting list (the case is no longer the expert's to work on); on failure put field errors on
 * the form, or show why.
 */
export function useReturnDone(form: FormInstance, done: string, failed: string, close: () => void) {
  const navigate = useNavigate();
  return {
    onSuccess: () => {
      toastSuccess(done);
      close();
      void navigate('/waitdiagnosis');
    },
    onError: (error: ApiError) => {
      if (!applyFieldErrors(form, error.fieldErrors)) {
        showFailure(error, toastError, failed);
      }
    },
  };
}
