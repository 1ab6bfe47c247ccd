import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { usePluginMode } from '../features/auth/hooks/use-plugin-mode';

interface AuthPageFrameProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  testId: string;
}

/** The centred card of the sign-in pages; 500 px wide in plugin mode (spec §2), 460 px otherwise. */
export function AuthPageFrame({ title, subtitle, children, testId }: AuthPageFrameProps) {
  const { isPlugin } = usePluginMode();
  return (
    <div className={`auth-page${isPlugin ? ' auth-page-plugin' : ''}`} data-testid={testId} data-plugin={isPlugin ? 'true' : 'false'}>
      <Card className="auth-page-card" variant="borderless">
        <Typography.Title level={3} className="auth-page-title">
          {title}
        </Typography.Title>
        {subtitle && (
          <Typography.Paragraph type="secondary" className="auth-page-subtitle">
            {subtitle}
          </Typography.Paragraph>
        )}
        {children}
      </Card>
    </div>
  );
}
