import { useEffect } from 'react';

/** Blocks multi-touch zoom gestures (spec §9). */
export function useBlockZoom(): void {
  useEffect(() => {
    const onTouch = (event: TouchEvent) => {
      if (event.touches.length > 1) event.preventDefault();
    };
    const onGesture = (event: Event) => event.preventDefault();
    document.addEventListener('touchstart', onTouch, { passive: false });
    document.addEventListener('gesturestart', onGesture);
    return () => {
      document.removeEventListener('touchstart', onTouch);
      document.removeEventListener('gesturestart', onGesture);
    };
  }, []);
}
