import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/providers';
import { usePreferencesStore } from '../stores/preferences-store';
import { usePriceDisplay } from './use-price-display';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

function showIn(currency: 'CNY' | 'USD' | 'EUR', rate: string) {
  usePreferencesStore.setState({ currency, rate });
}

describe('usePriceDisplay: settlement amounts in the chosen currency (spec §9)', () => {
  it('shows the exact settlement amount when the user shows the settlement currency', () => {
    showIn('CNY', '1');
    const { result } = renderHook(() => usePriceDisplay('CNY'), { wrapper });
    expect(result.current.currency).toBe('CNY');
    expect(result.current.format('1234.5')).toBe('1,234.5');
  });

  it('converts with the stored rate: 2 decimals under 10, none from 10, rounded up', () => {
    showIn('USD', '0.1389');
    const { result } = renderHook(() => usePriceDisplay('CNY'), { wrapper });
    expect(result.current.currency).toBe('USD');
    expect(result.current.format('1000.00')).toBe('139');
    expect(result.current.format('50.00')).toBe('6.95');
  });

  it('converts a non-CNY settlement currency through CNY with the fetched rates', async () => {
    // The default handlers serve USD 0.1389 and EUR 0.1290 per CNY.
    showIn('EUR', '0.1290');
    const { result } = renderHook(() => usePriceDisplay('USD'), { wrapper });
    await waitFor(() => expect(result.current.currency).toBe('EUR'));
    // 1000 USD = 1000 / 0.1389 CNY = 928.73 EUR, shown 929; 5 USD = 4.6436 EUR, shown 4.65.
    expect(result.current.format('1000.00')).toBe('929');
    expect(result.current.format('5.00')).toBe('4.65');
  });
});
