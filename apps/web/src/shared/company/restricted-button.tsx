import { Button, Tooltip } from 'antd';
import type { ButtonProps } from 'antd';
import type { CompanyRestrictedAction } from '@portal/domain/company-restrictions';
import { useCompanyRefusal } from './use-company-restrictions';

interface RestrictedButtonProps extends ButtonProps {
  /** The action the button starts; the agency's settings may refuse it. */
  action: CompanyRestrictedAction;
}

/**
 * A button for an action the agency's settings may refuse: when they do, it stays in place
 * disabled, and its tooltip says which setting refuses it.
 */
export function RestrictedButton({ action, disabled, ...props }: RestrictedButtonProps) {
  const refusal = useCompanyRefusal()(action);
  if (refusal === null) return <Button disabled={disabled} {...props} />;
  return (
    <Tooltip title={refusal}>
      <Button {...props} disabled aria-description={refusal} data-refused={action} />
    </Tooltip>
  );
}
