import { Button, Descriptions, Drawer, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationDetail, SettableApplicationStatus } from '@portal/domain/platform-agencies';
import { formatDateTime } from '../../../shared/dates/format-date';
import { QueryError } from '../../../shared/ui/query-error';
import { useApplication, useSetApplicationStatus } from '../api/applications';
import { ApplicationNotes } from './application-notes';
import { STATUS_COLORS } from './applications-table';
import { ConversionModal } from './conversion-modal';

/** The status moves an application offers by hand (converted comes only with a conversion). */
function statusActions(detail: ApplicationDetail): SettableApplicationStatus[] {
  if (detail.status === 'converted') return [];
  return (['new', 'contacted', 'declined'] as const).filter((s) => s !== detail.status);
}

function Fields({ detail }: { detail: ApplicationDetail }) {
  const { t } = useTranslation();
  const text = (value: string | null) => value ?? '—';
  return (
    <Descriptions column={1} size="small" bordered data-testid="application-fields">
      <Descriptions.Item label={t('platformApplications.column.status')}>
        <Tag color={STATUS_COLORS[detail.status]}>{t(`platformApplications.status.${detail.status}`)}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('platformApplications.column.name')}>{detail.name}</Descriptions.Item>
      <Descriptions.Item label={t('platformApplications.column.email')}>
        {text(detail.email)}
      </Descriptions.Item>
      <Descriptions.Item label={t('platformApplications.column.phone')}>
        {detail.phone ? `+${detail.phoneAreaCode ?? ''} ${detail.phone}` : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('platformApplications.column.country')}>{detail.country}</Descriptions.Item>
      <Descriptions.Item label={t('platformApplications.column.company')}>
        {text(detail.companyName)}
      </Descriptions.Item>
      <Descriptions.Item label={t('platformApplications.field.address')}>
        {text(detail.companyAddress)}
      </Descriptions.Item>
      <Descriptions.Item label={t('platformApplications.field.website')}>
        {text(detail.website)}
      </Descriptions.Item>
      <Descriptions.Item label={t('platformApplications.field.others')}>
        <span style={{ whiteSpace: 'pre-wrap' }}>{text(detail.others)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('platformApplications.field.locale')}>{detail.locale}</Descriptions.Item>
      <Descriptions.Item label={t('platformApplications.column.createdAt')}>
        {formatDateTime(detail.createdAt)}
      </Descriptions.Item>
      {detail.convertedAgencyId !== null && (
        <Descriptions.Item label={t('platformApplications.field.agency')}>
          {detail.convertedAgencyId}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

function Actions({ detail }: { detail: ApplicationDetail }) {
  const { t } = useTranslation();
  const setStatus = useSetApplicationStatus(detail.id);
  const [converting, setConverting] = useState(false);
  // The conversion's dialog outlives the buttons, at the same place in the tree: once the
  // application reads `converted` the buttons go, but the temporary password, shown only this
  // once, stays until the admin closes it.
  return (
    <>
      {detail.status !== 'converted' && (
        <Space wrap>
          {statusActions(detail).map((status) => (
            <Button
              key={status}
              loading={setStatus.isPending && setStatus.variables === status}
              onClick={() => setStatus.mutate(status)}
            >
              {t(`platformApplications.action.${status}`)}
            </Button>
          ))}
          <Button type="primary" onClick={() => setConverting(true)}>
            {t('platformApplications.action.convert')}
          </Button>
        </Space>
      )}
      {converting && <ConversionModal application={detail} onClose={() => setConverting(false)} />}
    </>
  );
}

/** One application: every field, the status actions, the conversion and the notes. */
export function ApplicationDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useApplication(id);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={720}
      data-testid="application-drawer"
      title={t('platformApplications.drawer.title')}
      destroyOnHidden
    >
      {detail.isError ? (
        <QueryError
          title={t('platformApplications.drawer.error')}
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      ) : !detail.data ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Actions detail={detail.data} />
          <Fields detail={detail.data} />
          <ApplicationNotes id={detail.data.id} notes={detail.data.notes} />
        </Space>
      )}
    </Drawer>
  );
}
