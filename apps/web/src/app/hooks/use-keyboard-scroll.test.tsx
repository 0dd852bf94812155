import { render, waitFor } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markKeyboardScrollers, useKeyboardScroll } from './use-keyboard-scroll';

/** jsdom lays nothing out: each scroller's sizes are given by the test. */
function sized(el: Element, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
}

function scroller(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = '<div class="ant-table-content"><table></table></div>';
  const el = root.querySelector<HTMLElement>('.ant-table-content');
  if (!el) throw new Error('no scroller');
  return el;
}

describe('keyboard access to scrolling tables', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives a table scroller that overflows a tab stop, and takes it back once the table fits', () => {
    const el = scroller();
    sized(el, 1600, 1000);
    markKeyboardScrollers(el.parentElement ?? document);
    expect(el).toHaveAttribute('tabindex', '0');
    sized(el, 1000, 1000);
    markKeyboardScrollers(el.parentElement ?? document);
    expect(el).not.toHaveAttribute('tabindex');
  });

  it("leaves a table that fits, and a scroller's own tabindex, alone", () => {
    const fits = scroller();
    sized(fits, 800, 1000);
    markKeyboardScrollers(fits.parentElement ?? document);
    expect(fits).not.toHaveAttribute('tabindex');
    const own = scroller();
    own.tabIndex = -1;
    sized(own, 1600, 1000);
    markKeyboardScrollers(own.parentElement ?? document);
    sized(own, 800, 1000);
    markKeyboardScrollers(own.parentElement ?? document);
    expect(own).toHaveAttribute('tabindex', '-1');
  });

  it('reaches the scroller of an antd table with scroll.x once it renders', async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('ant-table-content') ? 1600 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    function Page() {
      useKeyboardScroll();
      return (
        <Table
          rowKey="id"
          scroll={{ x: 1600 }}
          columns={[{ title: 'Name', dataIndex: 'name' }]}
          dataSource={[{ id: 1, name: 'A' }]}
        />
      );
    }
    const { container } = render(<Page />);
    await waitFor(() =>
      expect(container.querySelector('.ant-table-content')).toHaveAttribute('tabindex', '0'),
    );
  });
});
