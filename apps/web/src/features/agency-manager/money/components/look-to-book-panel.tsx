import { Col, DatePicker, Empty, Flex, Form, Row, Segmented, Skeleton, Spin, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { LookToBookQuery } from '@portal/domain/sub-agencies';
import { MAX_SUB_RANGE_DAYS, daysBetween } from '@portal/domain/sub-agency-ranges';
import { todayIn } from '@portal/domain/time-zone-names';
import { addDays } from '@portal/domain/two-digit-year';
import { rangeToDates, type DayRange } from '../../../../shared/dates/date-range';
import { formatDate, useDatePattern } from '../../../../shared/dates/format-date';
import { QueryError } from '../../../../shared/ui/query-error';
import { useLookToBook } from '../api/look-to-book';
import { LookToBookChart, SERIES_COLORS } from './look-to-book-chart';
import { formatRatio, LookToBookTable } from './look-to-book-table';
import { TicketingSettings } from './ticketing-settings';

/**
 * Days the drawer shows first: the last 30, today included. The look-to-book counters are kept
 * per UTC day (the shopping module's `look_to_book`), so "today" here is the UTC day, whatever the
 * browser's or the agency's zone: the range ends on the day the newest counts are on.
 */
const DEFAULT_DAYS = 30;

/** Read by screen readers, not shown: the table behind the chart. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

function Legend() {
  const { t } = useTranslation();
  const item = (color: string, label: string) => (
    <Flex align="center" gap={6} key={label}>
      <span aria-hidden style={{ width: 12, height: 12, background: color, display: 'inline-block' }} />
      {label}
    </Flex>
  );
  return (
    <Flex gap={16} wrap aria-hidden>
      {item(SERIES_COLORS.searches, t('agencyMoney.lookToBook.searches'))}
      {item(SERIES_COLORS.bookings, t('agencyMoney.lookToBook.bookings'))}
      {item(SERIES_COLORS.ratio, t('agencyMoney.lookToBook.ratio'))}
    </Flex>
  );
}

/** The look-to-book drawer's content: date range, totals, the chart (or its table) and the settings. */
export function LookToBookPanel({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const datePattern = useDatePattern();
  const [query, setQuery] = useState<LookToBookQuery>(() => {
    const today = todayIn('UTC');
    return { agencyId, from: addDays(today, -(DEFAULT_DAYS - 1)), to: today };
  });
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [rangeError, setRangeError] = useState<string | null>(null);
  const result = useLookToBook(query, true);

  const handleRange = (range: DayRange) => {
    const { dateFrom, dateTo } = rangeToDates(range);
    if (!dateFrom || !dateTo) return;
    if (daysBetween(dateFrom, dateTo) > MAX_SUB_RANGE_DAYS) {
      setRangeError(t('agencyMoney.filter.tooManyDays', { count: MAX_SUB_RANGE_DAYS }));
      return;
    }
    setRangeError(null);
    setQuery({ agencyId, from: dateFrom, to: dateTo });
  };

  const data = result.data;
  const summary = data
    ? t('agencyMoney.lookToBook.summary', {
        from: formatDate(data.from),
        to: formatDate(data.to),
        searches: data.totals.searches,
        bookings: data.totals.bookings,
        ratio: formatRatio(data.totals.ratio),
      })
    : '';

  return (
    <Row gutter={[24, 24]} data-testid="look-to-book">
      <Col xs={24} lg={15}>
        <Form layout="vertical">
          <Form.Item
            label={t('agencyMoney.lookToBook.range')}
            validateStatus={rangeError ? 'error' : undefined}
            help={rangeError}
          >
            <DatePicker.RangePicker
              format={datePattern}
              allowClear={false}
              defaultValue={[dayjs(query.from), dayjs(query.to)]}
              onChange={(range) => handleRange(range)}
            />
          </Form.Item>
        </Form>
        {result.isPending ? (
          <Skeleton active />
        ) : result.isError ? (
          <QueryError
            title={t('agencyMoney.lookToBook.error')}
            error={result.error}
            onRetry={() => void result.refetch()}
          />
        ) : (
          <Spin spinning={result.isFetching}>
            <Flex vertical gap={16}>
              <Flex gap={32} wrap data-testid="look-to-book-totals">
                <Statistic title={t('agencyMoney.lookToBook.searches')} value={result.data.totals.searches} />
                <Statistic title={t('agencyMoney.lookToBook.bookings')} value={result.data.totals.bookings} />
                <Statistic
                  title={t('agencyMoney.lookToBook.ratio')}
                  value={formatRatio(result.data.totals.ratio)}
                />
              </Flex>
              <Segmented<'chart' | 'table'>
                aria-label={t('agencyMoney.lookToBook.view')}
                value={view}
                onChange={setView}
                options={[
                  { value: 'chart', label: t('agencyMoney.lookToBook.asChart') },
                  { value: 'table', label: t('agencyMoney.lookToBook.asTable') },
                ]}
                style={{ alignSelf: 'flex-start' }}
              />
              {result.data.totals.searches === 0 && result.data.totals.bookings === 0 ? (
                <Empty description={t('agencyMoney.lookToBook.empty')} />
              ) : view === 'chart' ? (
                <>
                  <LookToBookChart days={result.data.days} summary={summary} />
                  <Legend />
                  <div style={VISUALLY_HIDDEN}>
                    <LookToBookTable data={result.data} />
                  </div>
                </>
              ) : (
                <LookToBookTable data={result.data} />
              )}
            </Flex>
          </Spin>
        )}
      </Col>
      <Col xs={24} lg={9}>
        {data ? (
          <TicketingSettings settings={data.settings} />
        ) : result.isPending ? (
          <Skeleton active />
        ) : null}
      </Col>
    </Row>
  );
}
