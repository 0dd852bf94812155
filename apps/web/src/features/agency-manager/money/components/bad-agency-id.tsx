import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../../shared/ui/page-title';

/** What the agency bills page shows for an address whose id is no agency id. */
export function BadAgencyId() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<PageTitle>{t('router.agencyBills')}</PageTitle>}
      subTitle={<Typography.Text>{t('agencyMoney.bills.badId')}</Typography.Text>}
      extra={<Link to="/agency-manager">{t('agencyMoney.bills.backToAgencies')}</Link>}
    />
  );
}
