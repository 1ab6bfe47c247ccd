import { useEffect } from 'react';
import { installFrontLogReporting } from '../error-handler';

/** Mounted once by the app: window code errors go to the front-end log, and a left-over queue is sent. */
export function FrontLogReporter() {
  useEffect(() => installFrontLogReporting(), []);
  return null;
}
