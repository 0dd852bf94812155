import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketingSettingsView } from '@portal/domain/sub-agencies';
import { formatMoney } from '../../../../shared/money/format-money';

/** A whitelist or blacklist of codes as words: "Only: CA, MU", "All except: 3U", "Any". */
function FilterList({ mode, codes }: { mode: TicketingSettingsView['filter']['mode']; codes: string[] }) {
  const { t } = useTranslation();
  if (mode === 'none' || codes.length === 0) return <>{t('agencyMoney.settings.any')}</>;
  return (
    <span>
      {t(`agencyMoney.settings.filterMode.${mode}`)}{' '}
      {codes.map((code) => (
        <Tag key={code}>{code}</Tag>
      ))}
    </span>
  );
}

/** The sub-agency's ticketing settings as the look-to-book drawer shows them (read only). */
export function TicketingSettings({ settings }: { settings: TicketingSettingsView }) {
  const { t } = useTranslation();
  const yesNo = (on: boolean) => (on ? t('agencyMoney.settings.yes') : t('agencyMoney.settings.no'));
  return (
    <section aria-labelledby="ticketing-settings-heading" data-testid="ticketing-settings">
      <Typography.Title level={3} id="ticketing-settings-heading" style={{ fontSize: 16 }}>
        {t('agencyMoney.settings.title')}
      </Typography.Title>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'searchMode',
            label: t('agencyMoney.settings.searchMode'),
            children: t(`agencyMoney.settings.searchModes.${settings.searchMode}`),
          },
          {
            key: 'maxResponse',
            label: t('agencyMoney.settings.maxResponse'),
            children: t('agencyMoney.settings.seconds', { count: settings.maxResponseTimeMs / 1000 }),
          },
          {
            key: 'airlines',
            label: t('agencyMoney.settings.airlines'),
            children: <FilterList mode={settings.filter.mode} codes={settings.filter.airlines} />,
          },
          {
            key: 'suppliers',
            label: t('agencyMoney.settings.suppliers'),
            children: <FilterList mode={settings.filter.mode} codes={settings.filter.suppliers} />,
          },
          {
            key: 'showSuppliers',
            label: t('agencyMoney.settings.showSuppliers'),
            children: yesNo(settings.showSuppliers),
          },
          {
            key: 'freeBaggage',
            label: t('agencyMoney.settings.onlyFreeBaggage'),
            children: yesNo(settings.onlyFreeBaggage),
          },
          {
            key: 'fareBasis',
            label: t('agencyMoney.settings.onlyWithFareBasis'),
            children: yesNo(settings.onlyWithFareBasis),
          },
          {
            key: 'disablePayment',
            label: t('agencyMoney.settings.disablePayment'),
            children: yesNo(settings.disablePayment),
          },
          {
            key: 'changeFee',
            label: t('agencyMoney.settings.changeFee'),
            children: formatMoney(settings.serviceFees.change),
          },
          {
            key: 'refundFee',
            label: t('agencyMoney.settings.refundFee'),
            children: formatMoney(settings.serviceFees.refund),
          },
          {
            key: 'voidFee',
            label: t('agencyMoney.settings.voidFee'),
            children: formatMoney(settings.serviceFees.void),
          },
        ]}
      />
    </section>
  );
}
