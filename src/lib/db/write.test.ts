import { describe, expect, it } from 'vitest';
import { AppError } from '$lib/core';
import { toStorageError } from '$lib/db';

describe('storage errors', () => {
  it('turns a quota error into a storage_full AppError a user can read', () => {
    const dexieError = { name: 'AbortError', inner: { name: 'QuotaExceededError', message: 'quota' } };
    const mapped = toStorageError(dexieError);
    expect(mapped).toBeInstanceOf(AppError);
    expect((mapped as AppError).code).toBe('storage_full');
    expect((mapped as AppError).message).toMatch(/no storage space/);
  });

  it('turns a closed or missing database into storage_unavailable', () => {
    expect((toStorageError({ name: 'MissingAPIError' }) as AppError).code).toBe('storage_unavailable');
  });

  it('passes other errors through unchanged', () => {
    const error = new TypeError('bug');
    expect(toStorageError(error)).toBe(error);
  });
});
