import { Alert, Button, Image, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENCY_LOGO_MAX_BYTES, AGENCY_LOGO_TYPES, type SubAgency } from '@portal/domain/agencies';
import { useAgencyLogo, useUploadAgencyLogo } from '../api/agencies';

/** The message key of a file the server would refuse anyway, or null when it may be sent. */
export function logoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(AGENCY_LOGO_TYPES as readonly string[]).includes(file.type)) return 'agencyManager.logo.type';
  if (file.size > AGENCY_LOGO_MAX_BYTES) return 'agencyManager.logo.size';
  return null;
}

interface AgencyLogoFieldProps {
  /** The agency being edited: the file is sent at once. Without it, the file waits for the create. */
  agency?: SubAgency;
  pending: File | null;
  onPendingChange: (file: File | null) => void;
}

/** The agency's logo: jpg or png under 2 MB, checked here and again (by content) by the server. */
export function AgencyLogoField({ agency, pending, onPendingChange }: AgencyLogoFieldProps) {
  const { t } = useTranslation();
  const stored = useAgencyLogo(agency?.logo);
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadAgencyLogo();

  useEffect(() => {
    if (!pending) return undefined;
    const url = URL.createObjectURL(pending);
    setChosen(url);
    return () => URL.revokeObjectURL(url);
  }, [pending]);

  const handleFile = async (next: File) => {
    const key = logoProblem(next);
    setProblem(key ? t(key) : null);
    if (key) return;
    if (!agency) {
      onPendingChange(next);
      return;
    }
    try {
      await upload.mutateAsync({ id: agency.id, file: next });
      onPendingChange(next);
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : t('common.unknownError'));
    }
  };

  const preview = (pending && chosen) ?? stored;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {preview && <Image src={preview} alt={t('agencyManager.logo.alt')} height={48} preview={false} />}
      <Upload
        accept={AGENCY_LOGO_TYPES.join(',')}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(next) => {
          void handleFile(next);
          return false;
        }}
      >
        <Button loading={upload.isPending}>
          {t(preview ? 'agencyManager.logo.replace' : 'agencyManager.logo.choose')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">
        {t(agency ? 'agencyManager.logo.help' : 'agencyManager.logo.helpCreate')}
      </Typography.Text>
      {problem && <Alert type="error" showIcon role="alert" title={problem} />}
    </Space>
  );
}
