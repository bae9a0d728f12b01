import { enContracts } from '@poolkit/core';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { interpolate, useMiningT } from '../../lib/useMiningT';
import * as styles from './EvidenceUpload.css';

/**
 * The English of this widget's texts (core's `contracts` group): `PoolKitProvider` holds only
 * the groups every widget shows.
 */
const ENGLISH = { contracts: enContracts };

/** The texts of {@link EvidenceUpload}; each defaults to core's catalogue. */
export type EvidenceUploadLabelKey =
  | 'label'
  | 'drop'
  | 'choose'
  | 'hint'
  | 'remove'
  | 'submit'
  | 'progress'
  | 'retry'
  | 'tooLarge'
  | 'badType'
  | 'tooMany'
  | 'files'
  | 'required'
  | 'failed'
  | 'complete';

const catalogueKeys: Record<EvidenceUploadLabelKey, string> = {
  label: 'contracts.upload.label',
  drop: 'contracts.upload.drop',
  choose: 'contracts.upload.choose',
  hint: 'contracts.upload.hint',
  remove: 'contracts.upload.remove',
  submit: 'contracts.upload.submit',
  progress: 'contracts.upload.progress',
  retry: 'contracts.upload.retry',
  tooLarge: 'contracts.upload.tooLarge',
  badType: 'contracts.upload.badType',
  tooMany: 'contracts.upload.tooMany',
  files: 'contracts.upload.files',
  required: 'validation.paymentEvidenceRequired',
  failed: 'errors.uploadFailed',
  complete: 'errors.uploadComplete',
};

/** Where an upload is: `data-state` of the root. */
export type EvidenceUploadState = 'idle' | 'uploading' | 'complete' | 'failed';

/** Props of {@link EvidenceUpload}. */
export interface EvidenceUploadProps {
  /**
   * Sends the chosen files; report progress as a fraction 0-1. Reject to show the failure and
   * offer a retry. The widget never fetches itself: a support-ticket attachment field passes its
   * own function.
   */
  upload: (files: readonly File[], onProgress: (fraction: number) => void) => Promise<void>;
  /** Content types accepted. Default PNG, JPEG, WebP and PDF. */
  accept?: readonly string[];
  /** Largest file, bytes. Default 5 MiB. */
  maxFileBytes?: number;
  /** Most files at once. Default 5. */
  maxFiles?: number;
  /** Called once an upload has succeeded. */
  onUploaded?: () => void;
  /** Turns the field off. Default `false`. */
  disabled?: boolean;
  /** Overrides of the catalogue's texts. */
  labels?: Partial<Record<EvidenceUploadLabelKey, string>>;
}

const DEFAULT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

/**
 * A file field for documents: drag and drop or the "choose files" button (keyboard), type,
 * size and count checked before sending, a progress bar while the caller's `upload` runs,
 * "Upload complete" or "Upload failed, please try again" with a retry. Sending none says that
 * documents are required. The root carries `data-state` (`idle`, `uploading`, `complete`,
 * `failed`).
 */
export function EvidenceUpload({
  upload,
  accept = DEFAULT_TYPES,
  maxFileBytes = 5 * 1024 * 1024,
  maxFiles = 5,
  onUploaded,
  disabled = false,
  labels,
}: EvidenceUploadProps) {
  const { t } = useMiningT(ENGLISH);
  const label = (key: EvidenceUploadLabelKey, values?: Record<string, unknown>) => {
    const override = labels?.[key];
    return override === undefined ? t(catalogueKeys[key], values) : interpolate(override, values);
  };
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [state, setState] = useState<EvidenceUploadState>('idle');
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const sizeMb = Math.round((maxFileBytes / 1024 / 1024) * 10) / 10;

  function add(chosen: readonly File[]) {
    const found: string[] = [];
    const next = [...files];
    for (const file of chosen) {
      if (!accept.includes(file.type)) found.push(label('badType', { name: file.name }));
      else if (file.size > maxFileBytes) {
        found.push(label('tooLarge', { name: file.name, size: sizeMb }));
      } else if (next.length >= maxFiles) {
        found.push(label('tooMany', { max: maxFiles }));
        break;
      } else next.push(file);
    }
    setFiles(next);
    setProblems(found);
    if (state !== 'uploading') setState('idle');
  }

  async function send() {
    if (files.length === 0) {
      setProblems([label('required')]);
      return;
    }
    setProblems([]);
    setState('uploading');
    setProgress(0);
    try {
      await upload(files, (fraction) => setProgress(Math.max(0, Math.min(1, fraction))));
      setProgress(1);
      setState('complete');
      setFiles([]);
      onUploaded?.();
    } catch {
      setState('failed');
    }
  }

  const busy = state === 'uploading';
  const percent = Math.round(progress * 100);
  return (
    <div className={styles.root} data-state={state}>
      <fieldset
        className={styles.zone}
        data-state={dragging ? 'dragging' : 'idle'}
        disabled={disabled || busy}
        aria-describedby={`${id}-hint`}
        onDragOver={(event: DragEvent) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event: DragEvent) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled && !busy) add([...event.dataTransfer.files]);
        }}
      >
        <legend className={styles.legend}>{label('label')}</legend>
        <span>{label('drop')}</span>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className={styles.hiddenInput}
          type="file"
          multiple
          accept={accept.join(',')}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()}>
          {label('choose')}
        </Button>
        <span id={`${id}-hint`} className={styles.message}>
          {label('hint', { size: sizeMb, max: maxFiles })}
        </span>
      </fieldset>
      {files.length > 0 ? (
        <ul className={styles.list} aria-label={label('files')}>
          {files.map((file, index) => (
            <li key={`${file.name}:${file.size}:${file.lastModified}`} className={styles.item}>
              <span>
                {file.name} · {Math.max(1, Math.round(file.size / 1024))} KB
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                aria-label={label('remove', { name: file.name })}
                onClick={() => setFiles(files.filter((_, other) => other !== index))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {problems.map((problem) => (
        <p key={problem} className={styles.error} role="alert">
          {problem}
        </p>
      ))}
      {busy ? (
        <div>
          <progress
            className={styles.progress}
            max={100}
            value={percent}
            aria-label={label('progress', { percent })}
          />
          <p className={styles.message} aria-live="polite">
            {label('progress', { percent })}
          </p>
        </div>
      ) : null}
      {state === 'complete' ? (
        <p className={styles.success} role="status">
          {label('complete')}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className={styles.error} role="alert">
          {label('failed')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button loading={busy} disabled={disabled} onClick={() => void send()}>
          {state === 'failed' ? label('retry') : label('submit')}
        </Button>
      </div>
    </div>
  );
}
