import type { ComponentChildren } from 'preact';
import type { Submission } from '../hooks.js';
import { ErrorSummary } from './forms.js';
import { ConfirmDialog } from './ui.js';

/** The buttons of a confirmation: the action (disabled while it runs) and Cancel. */
export function ConfirmButtons({
  label,
  pending,
  onConfirm,
  onCancel,
  danger = true,
}: {
  label: ComponentChildren;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** A destructive action (red); false for one that only changes what comes next. */
  danger?: boolean;
}) {
  return (
    <div class="actions">
      <button type="button" class={danger ? 'button danger' : 'button'} disabled={pending} onClick={onConfirm}>
        {label}
      </button>
      <button type="button" class="button secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/**
 * A destructive action on one item (a member, a key, an endpoint) behind a confirmation: the
 * dialog is open while `item` is set and says what happens to it; `run` is the request, whose
 * error stays in the dialog. Once it succeeded the dialog closes and `onDone` runs.
 */
export function ConfirmItem<T>({
  item,
  title,
  label,
  submission,
  run,
  onDone,
  onClose,
  children,
}: {
  item: T | undefined;
  title: string;
  /** The action button's text. */
  label: string;
  submission: Submission;
  run: (item: T) => Promise<unknown>;
  onDone: (item: T) => void | Promise<void>;
  onClose: () => void;
  children: (item: T) => ComponentChildren;
}) {
  const confirm = async (it: T) => {
    const ok = await submission.run(async () => {
      await run(it);
    });
    if (!ok) return;
    onClose();
    await onDone(it);
  };
  return (
    <ConfirmDialog open={item !== undefined} title={title} onClose={onClose}>
      {item === undefined ? null : (
        <>
          {children(item)}
          <ErrorSummary error={submission.error} />
          <ConfirmButtons label={label} pending={submission.pending} onConfirm={() => void confirm(item)} onCancel={onClose} />
        </>
      )}
    </ConfirmDialog>
  );
}

/** The small red button in a table row that opens the row's confirmation, clearing an earlier try's error. */
export function ConfirmOpener({
  submission,
  onOpen,
  children,
}: {
  submission: Submission;
  onOpen: () => void;
  children: ComponentChildren;
}) {
  return (
    <button
      type="button"
      class="button danger small"
      onClick={() => {
        submission.clear();
        onOpen();
      }}
    >
      {children}
    </button>
  );
}
