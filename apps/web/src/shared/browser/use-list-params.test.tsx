import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/domain/flight-order';
import { isOneOf, positiveParam, readPaging, useListParams, writeListParams } from './use-list-params';

interface Params {
  page: number;
  pageSize: number;
  status?: string;
}

const readParams = (search: URLSearchParams): Params => {
  const params: Params = readPaging(search);
  const status = search.get('status');
  if (status) params.status = status;
  return params;
};

function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ list: useListParams(readParams), location: useLocation() }), { wrapper });
}

describe('list queries in the URL', () => {
  it('reads a whole page number from 1, capped, and falls back for anything else', () => {
    expect(positiveParam('3', 1)).toBe(3);
    expect(positiveParam('0', 1)).toBe(1);
    expect(positiveParam('2.5', 1)).toBe(1);
    expect(positiveParam(null, 7)).toBe(7);
    expect(positiveParam('500', 20, 100)).toBe(100);
    expect(readPaging(new URLSearchParams('page=x&pageSize=9999'))).toEqual({
      page: 1,
      pageSize: MAX_PAGE_SIZE,
    });
  });

  it('knows a URL value only when it is one of the choices', () => {
    const STATUSES = ['open', 'closed'] as const;
    expect(isOneOf(STATUSES, 'open')).toBe(true);
    expect(isOneOf(STATUSES, 'opened')).toBe(false);
    expect(isOneOf(STATUSES, null)).toBe(false);
  });

  it('leaves empty values, the first page and the default page size out of the URL', () => {
    const url = writeListParams({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      status: '',
      pnr: 'ABC123',
      no: undefined,
    });
    expect(url.toString()).toBe('pnr=ABC123');
    expect(writeListParams({ page: 2, pageSize: 50 }).toString()).toBe('page=2&pageSize=50');
  });

  it('applies new filters from the first page and keeps the page size', () => {
    const { result } = renderAt('/list?page=3&pageSize=50&status=open');
    expect(result.current.list.filters).toEqual({ status: 'open' });
    act(() => result.current.list.applyFilters({ status: 'closed' }));
    expect(result.current.location.search).toBe('?pageSize=50&status=closed');
  });

  it('goes to another page with the filters, and back to the first when the page size changes', () => {
    const { result } = renderAt('/list?status=open');
    act(() => result.current.list.changePage(4, DEFAULT_PAGE_SIZE));
    expect(result.current.location.search).toBe('?status=open&page=4');
    act(() => result.current.list.changePage(4, 50));
    expect(result.current.location.search).toBe('?status=open&pageSize=50');
  });
});
