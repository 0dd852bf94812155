import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect } from 'react';

/** antd's static message API: toasts raised with no `ToastHost` mounted. */
export const staticMessage: MessageInstance = message;

/** Renders the app's toasts (loaded with the first one, see `message-bridge.tsx`). */
export default function ToastHostView({ onReady }: { onReady: (api: MessageInstance | null) => void }) {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    onReady(api);
    return () => onReady(null);
  }, [api, onReady]);
  return holder;
}
