import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  readGroupPassengerUploadErrors,
  type GroupPassengerRowError,
} from '@portal/domain/group-passenger-errors';
import type { PassengerCounts } from '@portal/domain/shopping';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/message-bridge';
import { QueryError } from '../../../shared/ui/query-error';
import {
  downloadPassengerTemplate,
  useConfirmPassengerList,
  useGroupPassengerList,
  useUploadPassengerList,
} from './api';
import { MountOnceOpened } from '../../../shared/ui/mount-once-opened';

// The upload button (antd's Upload and Progress) loads when the list is open for upload, and the
// confirmation's warning (antd's Modal) when a confirmation is first asked for; nothing meanwhile.
const PassengerUploadButton = lazy(async () => ({
  default: (await import('./passenger-upload-button')).PassengerUploadButton,
}));
const ConfirmPassengerListDialog = lazy(async () => ({
  default: (await import('./confirm-passenger-list-dialog')).ConfirmPassengerListDialog,
}));
// The stored list and a refused upload's errors (antd's Table, which pages past 50 rows) load when
// there are rows to show: an order waiting for its list shows neither.
const PassengersTable = lazy(async () => ({
  default: (await import('./passengers-table')).PassengersTable,
}));
const PassengerErrorsTable = lazy(async () => ({
  default: (await import('./passenger-errors-table')).PassengerErrorsTable,
}));

const STATE_COLOR = { missing: 'warning', uploaded: 'processing', confirmed: 'success' } as const;

/** What a refused upload shows: the server's message and, when it sent them, the errors by row. */
interface Refusal {
  message: string;
  errors: GroupPassengerRowError[];
}

function refusalOf(error: unknown, fallback: string): Refusal {
  if (!isApiError(error)) return { message: fallback, errors: [] };
  return { message: error.message || fallback, errors: readGroupPassengerUploadErrors(error.data) ?? [] };
}

export interface GroupPassengerListPanelProps {
  orderId: string;
  /** The order no longer takes a list (confirmed, or a status that does not allow it). */
  locked: boolean;
  /** The passengers the order expects per type. */
  counts: PassengerCounts;
}

/**
 * The passenger list of a group order (spec §4, §5, §8): download the template, upload it filled
 * in, read the errors by row and column, see the list, and confirm it (after a warning that it
 * cannot be changed afterwards).
 */
export function GroupPassengerListPanel({ orderId, locked, counts }: GroupPassengerListPanelProps) {
  const { t } = useTranslation();
  const list = useGroupPassengerList(orderId);
  const upload = useUploadPassengerList(orderId);
  const confirm = useConfirmPassengerList(orderId);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const actions = list.data?.allowedActions ?? [];
  const canUpload = !locked && actions.includes('uploadPassengers');
  const canConfirm = !locked && actions.includes('confirmPassengers') && refusal === null;

  const handleDownload = async () => {
    setDownloading(true);
    try {
      await downloadPassengerTemplate(orderId);
    } catch {
      // The client's error toast has said why.
    } finally {
      setDownloading(false);
    }
  };

  const handleFile = (file: File) => {
    setRefusal(null);
    upload.mutate(file, {
      onSuccess: () => void toast().success(t('groupPassengers.uploaded')),
      onError: (error) => setRefusal(refusalOf(error, t('groupPassengers.uploadFailed'))),
    });
  };

  const handleConfirm = () =>
    confirm.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        void toast().success(t('groupPassengers.confirmed'));
      },
      onError: () => setConfirming(false),
    });

  return (
    <section data-testid="group-passenger-list-panel" aria-label={t('groupPassengers.title')}>
      <Space wrap style={{ marginBottom: 12 }}>
        {list.data && (
          <Tag color={STATE_COLOR[list.data.state]} data-testid="group-passenger-list-state">
            {t(`groupPassengers.state.${list.data.state}`)}
          </Tag>
        )}
        <Typography.Text type="secondary">{t('groupPassengers.expected', counts)}</Typography.Text>
      </Space>
      <Space wrap style={{ display: 'flex', marginBottom: 12 }}>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void handleDownload()}>
          {t('groupPassengers.downloadTemplate')}
        </Button>
        {canUpload && (
          <Suspense fallback={null}>
            <PassengerUploadButton uploading={upload.isPending} onFile={handleFile} />
          </Suspense>
        )}
        {canConfirm && (
          <Button type="primary" data-testid="group-passenger-confirm" onClick={() => setConfirming(true)}>
            {t('groupPassengers.confirm')}
          </Button>
        )}
      </Space>

      {refusal && (
        <div data-testid="group-passenger-refusal" style={{ marginBottom: 12 }}>
          <Alert type="error" showIcon role="alert" title={refusal.message} style={{ marginBottom: 8 }} />
          {refusal.errors.length > 0 && (
            <Suspense fallback={null}>
              <PassengerErrorsTable errors={refusal.errors} />
            </Suspense>
          )}
        </div>
      )}

      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.isError ? (
        <QueryError
          title={t('groupPassengers.loadError')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.passengers.length === 0 ? (
        <Empty description={t('groupPassengers.empty')} />
      ) : (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
          <PassengersTable passengers={list.data.passengers} />
        </Suspense>
      )}

      <MountOnceOpened open={confirming}>
        <ConfirmPassengerListDialog
          open={confirming}
          confirming={confirm.isPending}
          onConfirm={handleConfirm}
          onCancel={() => setConfirming(false)}
        />
      </MountOnceOpened>
    </section>
  );
}
