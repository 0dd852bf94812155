import { Button, Image, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { SITE_IMAGE_KINDS, SITE_IMAGE_MAX_BYTES, type SiteImageKind } from '@portal/domain/platform-site';
import { toast } from '../../../shared/ui/message-bridge';

interface SiteImagesProps {
  images: Record<SiteImageKind, string>;
  uploading: boolean;
  onUpload: (kind: SiteImageKind, file: File) => void;
}

/** The logo, white logo and favicon: each shown, and replaced by a PNG or JPEG of at most 2 MB. */
export function SiteImages({ images, uploading, onUpload }: SiteImagesProps) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size="middle" data-testid="site-images">
      {SITE_IMAGE_KINDS.map((kind) => (
        <Space key={kind} align="center" wrap>
          <span style={{ minWidth: 120, display: 'inline-block' }}>
            {t(`platformRates.site.image.${kind}`)}
          </span>
          <Image
            src={images[kind]}
            alt={t(`platformRates.site.image.${kind}`)}
            height={40}
            preview={false}
            style={kind === 'whiteLogo' ? { background: '#1f1f1f' } : undefined}
          />
          <Upload
            accept="image/png,image/jpeg"
            showUploadList={false}
            beforeUpload={(file) => {
              if (file.size > SITE_IMAGE_MAX_BYTES) toast().error(t('platformRates.site.image.tooLarge'));
              else onUpload(kind, file);
              return false;
            }}
          >
            <Button loading={uploading}>{t('platformRates.site.image.upload')}</Button>
          </Upload>
        </Space>
      ))}
    </Space>
  );
}
