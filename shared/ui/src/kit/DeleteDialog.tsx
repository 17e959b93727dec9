import { Text } from '@fluentui/react-components';
import { ConfirmDialog } from './ConfirmDialog';

export interface DeleteDialogProps {
  title: string;
  /** The question, naming the thing and what stays of it, in the feature's words. */
  text: string;
  confirmLabel: string;
  /** Deletes it on the server; a refusal (the thing still in use) shows in the dialog, which stays open. */
  remove: () => Promise<unknown>;
  onClose: () => void;
  /** After the server deleted it: the caller says so and closes the dialog. */
  onDone: () => void;
}

/** Asks before deleting one named thing of a list (a fence, a patrol node or task). */
export function DeleteDialog({ title, text, confirmLabel, remove, onClose, onDone }: DeleteDialogProps) {
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      onClose={onClose}
      onConfirm={async () => {
        await remove();
        onDone();
      }}
    >
      <Text>{text}</Text>
    </ConfirmDialog>
  );
}
