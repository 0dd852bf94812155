import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PagedTable } from './paged-table';

interface Row {
  id: number;
}

const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

function renderTable(data: { list: Row[]; total: number; totalCapped?: boolean }, onChange = vi.fn()) {
  render(
    <PagedTable<Row>
      testId="rows"
      label="Rows"
      keyColumn="id"
      rowKey="id"
      columns={[{ key: 'id', title: 'ID', render: (_, row) => row.id }]}
      data={data}
      page={1}
      pageSize={20}
      loading={false}
      emptyText="Nothing"
      totalText={(total) => `${total} rows`}
      onChange={onChange}
    />,
  );
  return onChange;
}

describe('paged list table', () => {
  it('shows the total, as a lower bound past the server cap', () => {
    renderTable({ list: rows(20), total: 10_000, totalCapped: true });
    expect(screen.getByText('10,000+ rows')).toBeInTheDocument();
  });

  it('shows the exact total and asks for the page chosen', async () => {
    const onChange = renderTable({ list: rows(20), total: 45 });
    expect(screen.getByText('45 rows')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    expect(onChange).toHaveBeenCalledWith(2, 20, expect.anything());
  });

  it('shows the empty text without rows', () => {
    renderTable({ list: [], total: 0 });
    expect(screen.getByTestId('rows')).toHaveTextContent('Nothing');
  });
});
