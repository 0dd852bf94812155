import type { FormRule } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { checkSettings, type FieldPath, type SettingsValues } from './settings-form';

const samePath = (a: FieldPath | null, b: FieldPath) =>
  a !== null && a.length === b.length && a.every((part, i) => String(part) === String(b[i]));

/**
 * The form rule of the field at `path`: the whole form is checked with the API's schema and the
 * field shows the first problem placed on it, so each field follows the very rule the API applies.
 */
export function useSettingsRule(): (path: FieldPath) => FormRule {
  const { t } = useTranslation();
  return useCallback(
    (path: FieldPath): FormRule =>
      ({ getFieldsValue }) => ({
        validator: () => {
          const check = checkSettings(getFieldsValue(true) as SettingsValues);
          const problem = check.ok ? undefined : check.problems.find((p) => samePath(p.field, path));
          return problem ? Promise.reject(new Error(t(problem.key, problem.values))) : Promise.resolve();
        },
      }),
    [t],
  );
}
