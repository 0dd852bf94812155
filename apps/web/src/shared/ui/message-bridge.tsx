import { App, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect } from 'react';

let current: MessageInstance | null = null;

/** The toast API usable outside React (axios client, stores): the App context's when mounted. */
export function toast(): MessageInstance {
  return current ?? staticMessage;
}

/** Mount once inside antd `<App>` so that `toast()` uses the themed, context-aware message API. */
export function MessageBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    current = message;
    return () => {
      if (current === message) current = null;
    };
  }, [message]);
  return null;
}
