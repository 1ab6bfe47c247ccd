import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';

/** A file of the signed-in user (`FileInfo` of the file service; `url` is signed for private files). */
export type MyFile = SystemSchema<'FileInfo'>;

export interface PageResult<T> {
  list: T[];
  total: number;
}

/** GET /base/file/my-page → the caller's files, newest first (docs/files.md "My files"). */
export function fetchMyFiles(pageNo: number, pageSize: number): Promise<PageResult<MyFile>> {
  return http.get<PageResult<MyFile>>('/base/file/my-page', { pageNo, pageSize });
}

/** DELETE /base/file/delete?id= (own files only). */
export function deleteMyFile(id: string): Promise<boolean> {
  return http.delete<boolean>('/base/file/delete', { id }, { silent: true });
}

export const myFilesKeys = { all: ['my', 'files'] as const };

export function myFilesQueryOptions(pageNo: number, pageSize: number) {
  return queryOptions({
    queryKey: [...myFilesKeys.all, pageNo, pageSize] as const,
    queryFn: () => fetchMyFiles(pageNo, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useMyFiles(pageNo: number, pageSize: number) {
  return useQuery(myFilesQueryOptions(pageNo, pageSize));
}

export function useDeleteMyFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMyFile,
    onSettled: () => client.invalidateQueries({ queryKey: myFilesKeys.all }),
  });
}

/** 1.2 KB, 3.4 MB … */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
