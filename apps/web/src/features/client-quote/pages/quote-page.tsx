import { useQuery } from '@tanstack/react-query';
import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ERRORS } from '@portal/domain/errors';
import { isApiError } from '../../../shared/api/api-error';
import { readPublicQuote } from '../../../shared/client-quotes/client-quotes-api';
import { QueryError } from '../../../shared/ui/query-error';
import { QuoteView } from '../components/quote-view';

/**
 * The traveller's page of a client quote (`/quote/:token`, no login): the flights, one price per
 * passenger type and the total, fare terms, baggage, the validity and the PDF; an unknown or
 * expired link shows that the quote has expired.
 */
export function QuotePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const quote = useQuery({
    queryKey: ['public-client-quote', token],
    queryFn: () => readPublicQuote(token),
    retry: false,
  });

  if (quote.isPending) return <Skeleton active />;
  if (quote.isError) {
    if (isApiError(quote.error) && quote.error.code === ERRORS.CLIENT_QUOTE_NOT_FOUND.code) {
      return (
        <Result
          status="warning"
          data-testid="client-quote-expired"
          title={t('clientQuotes.page.expiredTitle')}
          subTitle={t('clientQuotes.page.expiredText')}
        />
      );
    }
    return (
      <QueryError
        title={t('clientQuotes.page.title')}
        error={quote.error}
        onRetry={() => void quote.refetch()}
      />
    );
  }
  return <QuoteView token={token} quote={quote.data} />;
}
