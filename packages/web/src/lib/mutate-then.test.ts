import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { mutateThen } from './mutate-then';

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('mutateThen', () => {
  it('passes the answer to onSuccess', async () => {
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const call = vi.fn((n: number) => Promise.resolve(n * 2));
    mutateThen(call, 21, { onSuccess, onError });
    await settled();
    expect(call).toHaveBeenCalledWith(21);
    expect(onSuccess).toHaveBeenCalledWith(42);
    expect(onError).not.toHaveBeenCalled();
  });

  it('passes the failure to onError', async () => {
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const error = new ApiError({ strMessage: 'no', httpStatus: 200 });
    mutateThen(() => Promise.reject(error), undefined, { onSuccess, onError });
    await settled();
    expect(onError).toHaveBeenCalledWith(error);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('drops a failure nobody answers, leaving no unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      mutateThen(() => Promise.reject(new ApiError({ strMessage: 'no', httpStatus: 0 })), 1, {});
      await settled();
      await settled();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
