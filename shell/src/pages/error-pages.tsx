import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@portal/providers';
import { useDocumentTitle } from '../components/layout/use-document-title';

/** antd Result has pictures for these HTTP statuses; other codes get the generic error picture. */
const RESULT_STATUSES = new Set(['403', '404', '500']);

/**
 * The status code a generic error page shows for `/{code}`: the path's numeric code, or 400 for a
 * non-numeric one (spec §2); the query's `code` wins when it is given.
 */
export function resolveErrorCode(pathCode: string | undefined, queryCode: string | null): string {
  if (queryCode && queryCode.trim() !== '') return queryCode.trim();
  return pathCode && /^\d+$/.test(pathCode) ? pathCode : '400';
}

function ErrorResult({ status, title, message, code }: { status: string; title: string; message: string; code?: string }) {
  const { t } = useTranslation('shell');
  useDocumentTitle(title);
  return (
    <div className="error-page" data-testid={`error-page-${status}`}>
      <Result
        status={RESULT_STATUSES.has(status) ? (status as '403' | '404' | '500') : 'error'}
        title={title}
        subTitle={
          <>
            <div>{message}</div>
            {code && <div className="error-page-code">{t('error.code', { code })}</div>}
          </>
        }
      />
    </div>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return <ErrorResult status="404" title={t('title.notFound')} message={t('error.notFound')} code="404" />;
}

/** /403 (query message and code). */
export function ForbiddenPage() {
  const { t } = useTranslation('shell');
  const [query] = useSearchParams();
  return <ErrorResult status="403" title={t('title.forbidden')} message={query.get('message') || t('error.forbidden')} code={query.get('code') || undefined} />;
}

/** True for the path segments the generic error page answers: HTTP-like numeric codes. */
export function isErrorCodeSegment(segment: string | undefined): segment is string {
  return segment !== undefined && /^\d{3,10}$/.test(segment);
}

/**
 * /{code}: the generic error page (query message and code). A non-numeric single segment is not an
 * error code but an unknown path, which goes to /404 like every other unknown path.
 */
export function ErrorCodePage() {
  const { code: pathCode } = useParams();
  if (!isErrorCodeSegment(pathCode)) return <Navigate to={paths.notFound()} replace />;
  return <ErrorCodeResult pathCode={pathCode} />;
}

function ErrorCodeResult({ pathCode }: { pathCode: string }) {
  const { t } = useTranslation('shell');
  const [query] = useSearchParams();
  const code = resolveErrorCode(pathCode, query.get('code'));
  const status = pathCode;
  return <ErrorResult status={status} title={t('title.error')} message={query.get('message') || t('error.generic')} code={code} />;
}
