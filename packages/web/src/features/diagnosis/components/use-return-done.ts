import { useNavigate } from 'react-router';
import type { FormInstance } from 'antd';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { mutateThen } from '@/lib/mutate-then';
import { toastError, toastSuccess } from '@/lib/toast';

/**
 * What every return dialog does once the server answered: on success say so and go back to the
 * waiting list (the case is no longer the expert's to work on); on failure put field errors on
 * the form, or show why. `send` runs the return through its promise, which settles even when the
 * dialog has left the page meanwhile: the case's refetch after the return removes the return
 * actions, and callbacks given to `mutate` would then be dropped (no toast, no navigation).
 */
export function useReturnDone(form: FormInstance, done: string, failed: string, close: () => void) {
  const navigate = useNavigate();
  const answers = {
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
  return {
    send: <V>(mutateAsync: (vars: V) => Promise<unknown>, vars: V) =>
      mutateThen(mutateAsync, vars, answers),
  };
}
