import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MountOnceOpened } from './mount-once-opened';

function Dialog({ open }: { open: boolean }) {
  return <div data-testid="dialog">{open ? 'open' : 'closed'}</div>;
}

describe('MountOnceOpened', () => {
  it('mounts nothing until first opened, then keeps the dialog mounted while it closes', () => {
    const view = (open: boolean) => (
      <MountOnceOpened open={open}>
        <Dialog open={open} />
      </MountOnceOpened>
    );
    const { rerender } = render(view(false));
    expect(screen.queryByTestId('dialog')).toBeNull();
    rerender(view(true));
    expect(screen.getByTestId('dialog')).toHaveTextContent('open');
    rerender(view(false));
    expect(screen.getByTestId('dialog')).toHaveTextContent('closed');
  });
});
