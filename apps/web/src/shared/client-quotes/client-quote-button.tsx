import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientQuoteSource } from '@portal/domain/api/client-quotes';
import type { QuotedFare } from '@portal/domain/client-quote';

// The dialog and its form load when the button is first pressed.
const ClientQuoteDialog = lazy(async () => ({
  default: (await import('./client-quote-dialog')).ClientQuoteDialog,
}));

interface ClientQuoteButtonProps {
  source: ClientQuoteSource;
  currency: string;
  fare: QuotedFare;
  /** `link` beside a primary action (a search result), `default` among an order's actions. */
  type?: 'link' | 'default';
}

/** "Quote for client" and its dialog, on a search result or a booking awaiting payment. */
export function ClientQuoteButton({ source, currency, fare, type = 'default' }: ClientQuoteButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type={type} onClick={() => setOpen(true)} data-testid="client-quote-open">
        {t('clientQuotes.action')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ClientQuoteDialog
            open
            source={source}
            currency={currency}
            fare={fare}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
