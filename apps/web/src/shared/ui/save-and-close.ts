import { toast } from './message-bridge';

/**
 * The OK of a modal that saves: runs `save`, which resolves to the text to toast, then closes the
 * modal; a failure goes to `onError` and the modal stays open.
 */
export async function saveAndClose(
  save: () => Promise<string>,
  onClose: () => void,
  onError: (error: unknown) => void,
): Promise<void> {
  try {
    void toast().success(await save());
    onClose();
  } catch (error) {
    onError(error);
  }
}
