import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
import type { LibraryKey } from '@portal/providers';

/**
 * Brand-entry (manufacturer onboarding) calls. The application is stored server-side for operators to
 * review; the endpoints belong to system-api and are documented in docs/shell.md as needed by the backend.
 */
export const BRAND_APPLICATION_CREATE = '/base/system/brand-application/create';
export const BRAND_APPLICATION_MINE = '/base/system/brand-application/my-list';
export const FILE_UPLOAD = '/base/file/upload';

export interface BrandApplicationInput {
  companyName: string;
  brandName: string;
  contactName: string;
  mobile: string;
  email?: string;
  website?: string;
  /** Category codes per library, e.g. { library: 'component', code: 'resistor' }. */
  categories: { library: LibraryKey; code: string }[];
  /** File id of the uploaded business-licence image. */
  licenceFileId: string;
  description?: string;
}

/** 0 pending review, 1 approved, 2 rejected. */
export type BrandApplicationStatus = 0 | 1 | 2;

export type BrandApplication = SystemSchema<'BrandApplicationView'>;

/** POST /base/file/upload (spec §7): multipart file, bizCode, fileName, type → the file id. */
export async function uploadLicence(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('bizCode', 'brand-licence');
  form.append('fileName', file.name);
  form.append('type', '3');
  const data = await http.post<{ id?: string | number } | string | number>(FILE_UPLOAD, form);
  const id = typeof data === 'object' && data !== null ? data.id : data;
  if (id === undefined || id === null || id === '') throw new Error('upload returned no file id');
  return String(id);
}

export function createBrandApplication(input: BrandApplicationInput): Promise<number> {
  return http.post<number>(BRAND_APPLICATION_CREATE, input satisfies SystemSchema<'CreateBrandApplicationRequest'>);
}

export function useCreateBrandApplication() {
  return useMutation({
    mutationFn: async ({ licence, ...input }: Omit<BrandApplicationInput, 'licenceFileId'> & { licence: File }) => {
      const licenceFileId = await uploadLicence(licence);
      return createBrandApplication({ ...input, licenceFileId });
    },
  });
}

/** The signed-in applicant's applications with their review status. */
export function fetchMyApplications(): Promise<BrandApplication[]> {
  return http.get<BrandApplication[]>(BRAND_APPLICATION_MINE, undefined, { silent: true });
}

export function myApplicationsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ['shell', 'brand-application', 'mine'],
    queryFn: fetchMyApplications,
    enabled,
    retry: false,
  });
}

export function useMyApplications(enabled: boolean) {
  return useQuery(myApplicationsQueryOptions(enabled));
}
