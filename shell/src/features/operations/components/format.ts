import dayjs from 'dayjs';

/** Epoch milliseconds as local date and time; '-' when missing. */
export function formatTime(value: number | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-';
}

/** A picked date range as the epoch-millisecond bounds the list calls take (whole days). */
export function rangeToTimes(range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null | undefined): { beginTime?: number; endTime?: number } {
  if (!range) return {};
  return {
    beginTime: range[0] ? range[0].startOf('day').valueOf() : undefined,
    endTime: range[1] ? range[1].endOf('day').valueOf() : undefined,
  };
}
