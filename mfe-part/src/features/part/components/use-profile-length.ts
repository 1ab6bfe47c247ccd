import { useSearchParams } from 'react-router';
import { readLength, type LengthReading } from '../profile-length';

/** The profile length of the page (`?length=` in mm) and a setter that keeps the rest of the URL. */
export function useProfileLength(): [LengthReading, (length: number) => void] {
  const [params, setParams] = useSearchParams();
  const reading = readLength(params.get('length'));
  const setLength = (length: number) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('length', String(length));
        return next;
      },
      { replace: true },
    );
  return [reading, setLength];
}
