import { Checkbox, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SupplierKind } from '@portal/domain/platform-suppliers';

interface SupplierChoiceProps {
  kind: SupplierKind;
  configured: string[];
  /** Suppliers an "all suppliers" choice leaves out: only ticking them switches them on. */
  optIn: string[];
  /** Suppliers connected to their provider's test environment. */
  testMode: string[];
  /** null: every configured supplier except the opt-in ones. */
  value: string[] | null;
  onChange: (value: string[] | null) => void;
}

/** One kind's allow-list: all suppliers, or only the ticked ones. */
export function SupplierChoice({ kind, configured, optIn, testMode, value, onChange }: SupplierChoiceProps) {
  const { t } = useTranslation();
  const label = t(`platformRates.suppliers.kind.${kind}`);
  const supplierLabel = (name: string) => {
    const notes = [
      ...(testMode.includes(name) ? [t('platformRates.suppliers.testMode')] : []),
      ...(optIn.includes(name) ? [t('platformRates.suppliers.optIn')] : []),
    ];
    return notes.length > 0 ? `${name} (${notes.join(', ')})` : name;
  };
  return (
    <fieldset data-testid={`suppliers-${kind}`} style={{ border: 0, padding: 0, margin: '0 0 24px' }}>
      <legend style={{ fontWeight: 600, marginBottom: 8 }}>{label}</legend>
      {configured.length === 0 ? (
        <p>{t('platformRates.suppliers.noneConfigured')}</p>
      ) : (
        <Space direction="vertical">
          <Radio.Group
            aria-label={label}
            value={value === null ? 'all' : 'some'}
            onChange={(e) =>
              onChange(e.target.value === 'all' ? null : configured.filter((name) => !optIn.includes(name)))
            }
            options={[
              { value: 'all', label: t('platformRates.suppliers.all') },
              { value: 'some', label: t('platformRates.suppliers.some') },
            ]}
          />
          {value !== null && (
            <Checkbox.Group
              value={value}
              onChange={(checked) => onChange(checked.map(String))}
              options={configured.map((name) => ({ value: name, label: supplierLabel(name) }))}
            />
          )}
        </Space>
      )}
    </fieldset>
  );
}
