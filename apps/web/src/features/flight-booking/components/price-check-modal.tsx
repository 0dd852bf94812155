import { Alert, Button, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@portal/domain/shopping';
import { usePriceDisplay } from '../../../shared/flight/use-price-display';
import type { PriceCheckPrompt } from '../hooks/use-price-check';

interface PriceCheckModalProps {
  prompt: PriceCheckPrompt;
  checking: boolean;
  onProceed: (solution: Solution, options?: { clearPassengers?: boolean }) => void;
  onCheck: (solutionId: string, listed: Solution) => void;
  onSearchAgain: () => void;
  onClose: () => void;
}

/** The price check outcomes of spec §8 that need the user: each with its own question and buttons. */
export function PriceCheckModal({
  prompt,
  checking,
  onProceed,
  onCheck,
  onSearchAgain,
  onClose,
}: PriceCheckModalProps) {
  const { t } = useTranslation();
  const result = prompt?.result;
  const price = usePriceDisplay(result?.previousTotal.currency ?? 'CNY');
  const [family, setFamily] = useState<string | null>(null);
  if (!prompt || !result) return null;
  const { outcome, solution } = result;
  const money = (amount: string) => `${price.currency} ${price.format(amount)}`;
  const families = prompt.listed.families.filter((f) => f.solutionId !== prompt.solutionId);

  const buttons = {
    price_changed: solution && [
      <Button key="back" onClick={onClose}>
        {t('flight.verify.backToSearch')}
      </Button>,
      <Button key="accept" type="primary" onClick={() => onProceed(solution)}>
        {t('flight.verify.acceptNewPrice')}
      </Button>,
    ],
    package_changed: [
      <Button key="again" onClick={onSearchAgain}>
        {t('flight.verify.searchAgain')}
      </Button>,
      <Button
        key="switch"
        type="primary"
        disabled={!family}
        loading={checking}
        onClick={() => family && onCheck(family, prompt.listed)}
      >
        {t('flight.verify.switchPackage')}
      </Button>,
    ],
    restrictions_changed: solution && [
      <Button key="keep" onClick={onClose}>
        {t('flight.verify.keepChoice')}
      </Button>,
      <Button key="clear" type="primary" onClick={() => onProceed(solution, { clearPassengers: true })}>
        {t('flight.verify.proceedAndClear')}
      </Button>,
    ],
    timeout: [
      <Button key="close" onClick={onClose}>
        {t('flight.verify.backToSearch')}
      </Button>,
      <Button
        key="retry"
        type="primary"
        loading={checking}
        onClick={() => onCheck(prompt.solutionId, prompt.listed)}
      >
        {t('flight.verify.retry')}
      </Button>,
    ],
  };
  const kind =
    outcome === 'unavailable' ? 'package_changed' : outcome === 'confirmed' ? 'price_changed' : outcome;

  return (
    <Modal
      open
      title={t(`flight.verify.title.${outcome}`)}
      onCancel={onClose}
      footer={buttons[kind] || <Button onClick={onClose}>{t('flight.verify.backToSearch')}</Button>}
      data-testid="price-check-modal"
    >
      {kind === 'price_changed' && solution && (
        <Space orientation="vertical">
          <Typography.Text>{t('flight.verify.priceChangedText')}</Typography.Text>
          <Typography.Text data-testid="old-price">
            {t('flight.verify.oldPrice')}: <del>{money(result.previousTotal.amount)}</del>
          </Typography.Text>
          <Typography.Text data-testid="new-price" strong>
            {t('flight.verify.newPrice')}: {money(solution.priceDetail.total.amount)}
          </Typography.Text>
        </Space>
      )}
      {kind === 'package_changed' && (
        <Space orientation="vertical">
          <Typography.Text>
            {t(
              outcome === 'unavailable'
                ? 'flight.verify.unavailableText'
                : 'flight.verify.packageChangedText',
            )}
          </Typography.Text>
          {families.length > 0 ? (
            <Radio.Group
              aria-label={t('flight.detail.families')}
              value={family}
              onChange={(e) => setFamily(String(e.target.value))}
              options={families.map((f) => ({
                value: f.solutionId,
                label: `${f.fareFamily} · ${money(f.total.amount)}`,
              }))}
            />
          ) : (
            <Alert type="info" title={t('flight.verify.noOtherPackage')} />
          )}
        </Space>
      )}
      {kind === 'restrictions_changed' && (
        <Typography.Paragraph>{t('flight.verify.restrictionsText')}</Typography.Paragraph>
      )}
      {kind === 'timeout' && <Typography.Paragraph>{t('flight.verify.timeoutText')}</Typography.Paragraph>}
    </Modal>
  );
}
