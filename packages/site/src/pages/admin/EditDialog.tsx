import { AlertDialog, Button, Dialog } from '@poolkit/widgets';
import { type ReactNode, useState } from 'react';
import { reportError } from '../../app/feedback';
import { uiStyles } from '../../app/ui';
import * as styles from './admin.css';
import { SubmitRow } from './SubmitRow';

/** The form of an operator list's add / change dialog, from {@link useEditor}. */
export interface Editor<Draft> {
  /** What is being edited: the item's id (`null` for a new one) and the form's fields. */
  editing: { id: string | null; draft: Draft } | null;
  /** While the save is sent. */
  busy: boolean;
  /** Opens the form on `draft`, of the item `id` or of a new one (`null`). */
  open: (id: string | null, draft: Draft) => void;
  close: () => void;
  /** Changes some of the form's fields. */
  update: (patch: Partial<Draft>) => void;
  /** Sends the form; it closes when the server took it, and stays open on a refusal. */
  save: () => Promise<void>;
}

/**
 * The add / change form of an operator list: `send` writes the item (a new one when `id` is
 * `null`) and shows its success; a refusal is reported and leaves the form open to correct.
 */
export function useEditor<Draft>(
  send: (id: string | null, draft: Draft) => Promise<void>,
): Editor<Draft> {
  const [editing, setEditing] = useState<Editor<Draft>['editing']>(null);
  const [busy, setBusy] = useState(false);
  return {
    editing,
    busy,
    open: (id, draft) => setEditing({ id, draft }),
    close: () => setEditing(null),
    update: (patch) =>
      setEditing((current) =>
        current === null ? null : { ...current, draft: { ...current.draft, ...patch } },
      ),
    save: async () => {
      if (editing === null) return;
      setBusy(true);
      try {
        await send(editing.id, editing.draft);
        setEditing(null);
      } catch (error) {
        reportError(error);
      } finally {
        setBusy(false);
      }
    },
  };
}

/** The add / change dialog of an {@link Editor}: the fields in the form grid, and Save. */
export function EditDialog<Draft>({
  editor,
  title,
  saveText,
  children,
}: {
  editor: Editor<Draft>;
  title: string;
  saveText: string;
  /** The form's fields, rendered only while the dialog is open. */
  children: (draft: Draft) => ReactNode;
}) {
  const { editing } = editor;
  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(open) => {
        if (!open) editor.close();
      }}
      title={title}
    >
      {editing === null ? null : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void editor.save();
          }}
        >
          <div className={styles.formGrid}>{children(editing.draft)}</div>
          <SubmitRow busy={editor.busy}>{saveText}</SubmitRow>
        </form>
      )}
    </Dialog>
  );
}

/** A row's Edit and Delete buttons, each named after the row for assistive technology. */
export function RowActions({
  editText,
  editLabel,
  onEdit,
  deleteText,
  deleteLabel,
  onDelete,
}: {
  editText: string;
  editLabel: string;
  onEdit: () => void;
  deleteText: string;
  deleteLabel: string;
  onDelete: () => void;
}) {
  return (
    <span className={uiStyles.row}>
      <Button size="sm" variant="secondary" aria-label={editLabel} onClick={onEdit}>
        {editText}
      </Button>
      <Button size="sm" variant="secondary" aria-label={deleteLabel} onClick={onDelete}>
        {deleteText}
      </Button>
    </span>
  );
}

/**
 * The confirmed delete of a row: open while `row` is set; the action runs `remove` (which shows
 * its success), a failure is reported.
 */
export function DeleteDialog<Row>({
  row,
  onClose,
  title,
  description,
  remove,
}: {
  row: Row | null;
  onClose: () => void;
  /** The dialog's title and its action's text. */
  title: string;
  description: (row: Row) => string;
  remove: (row: Row) => Promise<void>;
}) {
  return (
    <AlertDialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      tone="danger"
      title={title}
      description={row === null ? '' : description(row)}
      showCancel
      labels={{ action: title }}
      onAction={() => {
        if (row !== null) void remove(row).catch(reportError);
      }}
    />
  );
}
