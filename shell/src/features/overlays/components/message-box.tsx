import { App, Input, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validatePrompt } from '@portal/validators';

/** Spec §4: message boxes resolve to confirm, cancel or close. */
export type MessageBoxAction = 'confirm' | 'cancel' | 'close';

export interface PromptOptions {
  title?: string;
  message?: string;
  defaultValue?: string;
  placeholder?: string;
  maxLength?: number;
  /** Spec §5: optional pattern and validator; failures show 输入的数据不合法! unless given their own message. */
  pattern?: RegExp;
  validator?: (value: string) => boolean | string;
  errorMessage?: string;
}

interface PromptFieldHandle {
  value: string;
  setError: (error: string | undefined) => void;
}

function PromptField({ options, handle }: { options: PromptOptions; handle: PromptFieldHandle }) {
  const [value, setValue] = useState(options.defaultValue ?? '');
  const [error, setError] = useState<string>();
  handle.value = value;
  handle.setError = setError;
  return (
    <div className="prompt-field">
      {options.message && <Typography.Paragraph>{options.message}</Typography.Paragraph>}
      <Input
        autoFocus
        value={value}
        placeholder={options.placeholder}
        maxLength={options.maxLength}
        // Spec §5: a text input shows a word count against its maxlength.
        showCount={options.maxLength !== undefined}
        status={error ? 'error' : undefined}
        data-testid="prompt-input"
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
      />
      {error && (
        <Typography.Text type="danger" data-testid="prompt-error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}

/** alert / confirm / prompt of spec §4 on the antd App's modal instance. */
export function useMessageBox() {
  const { modal } = App.useApp();
  const { t } = useTranslation('shell');
  const handleRef = useRef<PromptFieldHandle>({ value: '', setError: () => undefined });
  return useMemo(() => {
    const open = (kind: 'alert' | 'confirm', content: string, title?: string) =>
      new Promise<MessageBoxAction>((resolve) => {
        const method = kind === 'alert' ? modal.info : modal.confirm;
        method({
          title: title ?? t(kind === 'alert' ? 'messageBox.alertTitle' : 'messageBox.confirmTitle'),
          content,
          okText: t('messageBox.ok'),
          cancelText: t('messageBox.cancel'),
          closable: true,
          onOk: () => resolve('confirm'),
          onCancel: (closeFn: unknown) => {
            // antd passes a function when the cancel button is used; the close icon and Esc pass none.
            resolve(typeof closeFn === 'function' ? 'cancel' : 'close');
            if (typeof closeFn === 'function') (closeFn as () => void)();
          },
        });
      });
    const prompt = (options: PromptOptions = {}) =>
      new Promise<{ action: MessageBoxAction; value?: string }>((resolve) => {
        const handle = handleRef.current;
        handle.value = options.defaultValue ?? '';
        modal.confirm({
          title: options.title ?? t('messageBox.promptTitle'),
          icon: null,
          content: <PromptField options={options} handle={handle} />,
          okText: t('messageBox.ok'),
          cancelText: t('messageBox.cancel'),
          closable: true,
          onOk: () => {
            const error = validatePrompt(handle.value, {
              pattern: options.pattern,
              validator: options.validator,
              message: options.errorMessage,
            });
            if (error) {
              handle.setError(error);
              // A rejected promise keeps the box open.
              return Promise.reject(new Error(error));
            }
            resolve({ action: 'confirm', value: handle.value });
            return undefined;
          },
          onCancel: (closeFn: unknown) => {
            resolve({ action: typeof closeFn === 'function' ? 'cancel' : 'close' });
            if (typeof closeFn === 'function') (closeFn as () => void)();
          },
        });
      });
    return {
      alert: (content: string, title?: string) => open('alert', content, title),
      confirm: (content: string, title?: string) => open('confirm', content, title),
      prompt,
    };
  }, [modal, t]);
}
