import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { toast } from '../ui/message-bridge';

interface ExportButtonProps {
  /** Downloads the file of the list's current filters. */
  onExport: () => Promise<unknown>;
  /** True when the list has nothing to export (empty, not loaded or failed). */
  disabled: boolean;
}

/** 'Export to Excel': busy while the file is made; a failure is toasted. */
export function ExportButton({ onExport, disabled }: ExportButtonProps) {
  const { t } = useTranslation();
  const exporting = useMutation({
    mutationFn: onExport,
    onError: (error) => {
      // A silent error with a text was shown already (the session ended) or was a cancel.
      if (isApiError(error) && error.silent && error.message) return;
      void toast().error(error.message || t('bills.export.failed'));
    },
  });
  return (
    <Button
      icon={<DownloadOutlined />}
      data-testid="export-button"
      loading={exporting.isPending}
      disabled={disabled}
      onClick={() => exporting.mutate()}
    >
      {t('bills.export.button')}
    </Button>
  );
}
