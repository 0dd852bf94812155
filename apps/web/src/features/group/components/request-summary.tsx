import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/format-date';
import { useLocale } from '../../../shared/stores/subject';
import { placeLabel } from '../../../shared/places/airport-options';
import { useReferenceData } from '../../../shared/places/use-reference-data';
import { PlainTable } from './plain-table';

interface SummaryJourney {
  origin: string;
  destination: string;
  date: string;
  returnDate?: string | null;
  remark?: string | null;
}

export interface RequestSummaryProps {
  journeys: readonly SummaryJourney[];
  isChangeDate: boolean;
  acceptChangeFlight: boolean;
  passengers: { adult: number; child: number; infant: number };
}

/** The group request as sent or about to be: journeys, flexibility and passenger counts. */
export function RequestSummary({
  journeys,
  isChangeDate,
  acceptChangeFlight,
  passengers,
}: RequestSummaryProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ref = useReferenceData();
  const yesNo = (value: boolean) => t(value ? 'groupOrders.common.yes' : 'groupOrders.common.no');
  return (
    <div data-testid="group-request-summary">
      <PlainTable<SummaryJourney>
        label={t('groupOrders.detail.request')}
        rowKey={(_, index) => index}
        rows={journeys}
        columns={[
          { title: '#', key: 'n', width: 48, render: (_, index) => index + 1 },
          {
            title: t('groupOrders.form.origin'),
            key: 'o',
            render: (j) => placeLabel(ref, j.origin, locale),
          },
          {
            title: t('groupOrders.form.destination'),
            key: 'd',
            render: (j) => placeLabel(ref, j.destination, locale),
          },
          { title: t('groupOrders.form.date'), key: 'date', render: (j) => formatDate(j.date) },
          {
            title: t('groupOrders.form.returnDate'),
            key: 'ret',
            render: (j) => (j.returnDate ? formatDate(j.returnDate) : '–'),
          },
          { title: t('groupOrders.form.remark'), key: 'remark', render: (j) => j.remark || '–' },
        ]}
      />
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} style={{ marginTop: 12 }}>
        <Descriptions.Item label={t('groupOrders.form.isChangeDate')}>
          {yesNo(isChangeDate)}
        </Descriptions.Item>
        <Descriptions.Item label={t('groupOrders.form.acceptChangeFlight')}>
          {yesNo(acceptChangeFlight)}
        </Descriptions.Item>
        <Descriptions.Item label={t('groupOrders.form.passengers')}>
          <span data-testid="group-request-passengers">
            {t('groupOrders.form.passengerCounts', passengers)}
          </span>
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
