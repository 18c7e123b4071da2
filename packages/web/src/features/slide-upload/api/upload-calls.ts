import { useQuery } from '@tanstack/react-query';
import type { SupportSlideDto } from '@pathconsult/shared';
import { api } from '@/lib/api-client';

/** slideDocument/getSupportSlide: the types the server accepts; they change with a deployment only. */
export function useSupportSlide(enabled: boolean) {
  return useQuery({
    queryKey: ['slideUpload', 'supportSlide'],
    queryFn: ({ signal }) => api.get<SupportSlideDto>('slideDocument/getSupportSlide', { signal }),
    enabled,
    staleTime: Infinity,
  });
}

/** hospitalManage/getMemoryUsage's answer (memoryUsageSchema), in GB. */
export interface MemoryUsage {
  dUsedMemory: number;
  dTotalMemory: number;
}

/** hospitalManage/getMemoryUsage of the doctor's hospital (GB), checked before start. */
export function memoryUsage(iHospitalId: number): Promise<MemoryUsage> {
  return api.get<MemoryUsage>('hospitalManage/getMemoryUsage', {
    query: { iHospitalId },
    handleFailure: true,
  });
}
