import type { FormInstance } from 'antd';
import { useEffect } from 'react';

/**
 * Keeps a filter form showing `values` (the filters applied, usually from the URL): whenever they
 * change, the form's fields are set from `toForm(values)`. Compared by content, so a new object
 * with the same filters does not reset what the user is typing.
 */
export function useFormSync<F, V>(form: FormInstance<F>, values: V, toForm: (values: V) => F): void {
  const key = JSON.stringify(values);
  useEffect(() => {
    form.setFieldsValue(toForm(JSON.parse(key) as V) as Parameters<FormInstance<F>['setFieldsValue']>[0]);
    // `toForm` is a module function of each filter form; the values are tracked by their content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, key]);
}
