import { useEffect } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { configureHttp, ErrorLevel, type PortalError } from '@portal/http';
import { paths } from '@portal/providers';
import { ERROR_TOAST_SECONDS, TOAST_SECONDS } from '../overlays';

/**
 * The shell decides how loudly a failed request is reported (spec §3 levels, §8): info and warn as toasts
 * of that kind, error and danger as error toasts (1000 ms). Errors that redirect go there: 403 → /403
 * with message and code, login codes → the login address with the current page as `redirect`.
 * Muted and `silent` requests never get here.
 */
export function HttpErrorReporter() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    configureHttp({
      onError: (error: PortalError) => {
        if (error.level === ErrorLevel.info) message.info(error.message, TOAST_SECONDS);
        else if (error.level === ErrorLevel.warn) message.warning(error.message, TOAST_SECONDS);
        else message.error(error.message, ERROR_TOAST_SECONDS);
        if (!error.redirect) return;
        const current = `${window.location.pathname}${window.location.search}`;
        if (error.redirect.startsWith('/403')) navigate(paths.forbidden({ message: error.message, code: error.code }));
        else if (!current.startsWith(error.redirect)) navigate(`${error.redirect}?redirect=${encodeURIComponent(current)}`);
      },
    });
    return () => {
      configureHttp({ onError: undefined });
    };
  }, [message, navigate]);
  return null;
}
