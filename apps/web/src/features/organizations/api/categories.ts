import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { ageCategorySchema, cupRankCategorySchema, type AgeCategory, type CupRankCategory } from './organizations';

export interface AgeCategoryBody {
  name: string;
  fromAge: number;
  toAge: number | null;
}

export interface CupRankCategoryBody {
  name: string;
  numberOfRanks: number;
  level: number;
  rankPoints: number[];
}

export const ageCategoriesQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'age-categories'] as const,
    queryFn: ({ signal }) => apiRequest(`/api/organization/${organizationId}/age-category`, { schema: z.array(ageCategorySchema), signal }),
  });

export const cupRankCategoriesQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'cup-rank-categories'] as const,
    queryFn: ({ signal }) => apiRequest(`/api/organization/${organizationId}/cup-rank-category`, { schema: z.array(cupRankCategorySchema), signal }),
  });

export const saveAgeCategory = (organizationId: number, id: number | null, body: AgeCategoryBody): Promise<AgeCategory> =>
  id === null
    ? apiRequest(`/api/organization/${organizationId}/age-category`, { method: 'POST', body, schema: ageCategorySchema })
    : apiRequest(`/api/organization/${organizationId}/age-category/${id}`, { method: 'PUT', body, schema: ageCategorySchema });

export const deleteAgeCategory = (organizationId: number, id: number): Promise<void> =>
  apiRequest(`/api/organization/${organizationId}/age-category/${id}`, { method: 'DELETE' });

export const saveCupRankCategory = (organizationId: number, id: number | null, body: CupRankCategoryBody): Promise<CupRankCategory> =>
  id === null
    ? apiRequest(`/api/organization/${organizationId}/cup-rank-category`, { method: 'POST', body, schema: cupRankCategorySchema })
    : apiRequest(`/api/organization/${organizationId}/cup-rank-category/${id}`, { method: 'PUT', body, schema: cupRankCategorySchema });

export const deleteCupRankCategory = (organizationId: number, id: number): Promise<void> =>
  apiRequest(`/api/organization/${organizationId}/cup-rank-category/${id}`, { method: 'DELETE' });
