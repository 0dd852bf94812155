import { describe, expect, it, vi } from 'vitest';
import { saveAndClose } from './save-and-close';

describe('saving from a modal', () => {
  it('closes once saved', async () => {
    const onClose = vi.fn();
    const onError = vi.fn();
    await saveAndClose(() => Promise.resolve('Saved'), onClose, onError);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('stays open and reports what failed', async () => {
    const onClose = vi.fn();
    const onError = vi.fn();
    const failure = new Error('Not enough balance');
    await saveAndClose(() => Promise.reject(failure), onClose, onError);
    expect(onClose).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(failure);
  });
});
