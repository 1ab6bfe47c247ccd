import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorCode, toPortalError, type PortalError } from '@portal/http';
import { uploadFile, type UploadedFile, type UploadOptions } from './upload';

export type UploadStatus = 'idle' | 'uploading' | 'done' | 'error' | 'canceled';

export interface UploadState {
  status: UploadStatus;
  percent: number;
  file?: File;
  result?: UploadedFile;
  error?: PortalError;
}

export interface UseUploadOptions extends Omit<UploadOptions, 'onProgress' | 'signal'> {
  onUploaded?: (file: UploadedFile) => void;
}

export interface UploadController {
  state: UploadState;
  /** Starts uploading `file` (cancelling one still running). */
  start: (file: File) => void;
  cancel: () => void;
  /** Uploads the last file again; a chunked upload resumes where the server says it stopped. */
  resume: () => void;
  reset: () => void;
}

const IDLE: UploadState = { status: 'idle', percent: 0 };

/** One file's upload with percent, cancel and resume for a component to show (spec §4, §9). */
export function useUpload(options: UseUploadOptions): UploadController {
  const [state, setState] = useState<UploadState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const fileRef = useRef<File | undefined>(undefined);

  const run = useCallback((file: File) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    fileRef.current = file;
    setState((previous) => ({ status: 'uploading', percent: previous.file === file ? previous.percent : 0, file }));
    const { onUploaded, ...uploadOptions } = latest.current;
    uploadFile(file, {
      ...uploadOptions,
      signal: abort.signal,
      onProgress: (percent) => {
        if (controller.current === abort) setState((previous) => ({ ...previous, percent }));
      },
    }).then(
      (result) => {
        if (controller.current !== abort) return;
        controller.current = null;
        setState({ status: 'done', percent: 100, file, result });
        onUploaded?.(result);
      },
      (cause: unknown) => {
        if (controller.current !== abort) return;
        controller.current = null;
        const error = toPortalError(cause);
        setState((previous) => ({ ...previous, status: error.code === ErrorCode.canceled ? 'canceled' : 'error', error }));
      },
    );
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const resume = useCallback(() => {
    if (fileRef.current) run(fileRef.current);
  }, [run]);
  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    fileRef.current = undefined;
    setState(IDLE);
  }, []);

  // Leaving the page stops the transfer; the server keeps the stored parts for a later resume.
  useEffect(() => () => controller.current?.abort(), []);

  return { state, start: run, cancel, resume, reset };
}
