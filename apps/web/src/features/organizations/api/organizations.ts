import { SOCIAL_LINK_TYPES } from '@climbing/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, apiUpload } from '../../../lib/api-client';

export const organizationSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  shortcut: z.string().nullable(),
  shortDescription: z.string().nullable(),
  logo: z.string().nullable(),
  webPage: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  active: z.boolean(),
  clubsEnabled: z.boolean(),
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

const addressSchema = z.object({
  id: z.number(),
  street: z.string().nullable(),
  streetNumber: z.string().nullable(),
  city: z.string().nullable(),
  zipcode: z.string().nullable(),
  country: z.string().nullable(),
});

export const ageCategorySchema = z.object({ id: z.number(), name: z.string(), fromAge: z.number(), toAge: z.number().nullable(), organization: z.number() });
export type AgeCategory = z.infer<typeof ageCategorySchema>;

export const cupRankCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  numberOfRanks: z.number(),
  level: z.number(),
  rankPoints: z.array(z.number()),
  pointsDecimals: z.number(),
  organization: z.number(),
});
export type CupRankCategory = z.infer<typeof cupRankCategorySchema>;

/** Spec 3 Organization as GET /api/organization/{id} answers it. */
export const organizationSchema = organizationSummarySchema.omit({ city: true, country: true }).extend({
  description: z.string().nullable(),
  address: addressSchema.nullable(),
  primaryLogo: z.string().nullable(),
  secondaryLogo: z.string().nullable(),
  socialLinks: z.array(z.object({ id: z.number(), type: z.enum(SOCIAL_LINK_TYPES), url: z.string() })),
  ageCategories: z.array(ageCategorySchema),
  cupCategories: z.array(cupRankCategorySchema),
  contactPerson: z
    .object({ id: z.number(), email: z.string().nullable(), name: z.string(), surname: z.string(), phoneNumber: z.string().nullable() })
    .nullable(),
  seasonStartMonth: z.number().nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** The organization fields its admin edits (PUT /api/organization/{id}); the create body is the same. */
export interface OrganizationBody {
  name: string;
  shortcut?: string | null;
  description?: string | null;
  shortDescription?: string | null;
  address?: { street: string | null; streetNumber: string | null; city: string | null; zipcode: string | null; country: string | null } | null;
  contactPerson?: { email: string | null; name: string; surname: string; phoneNumber: string | null } | null;
  webPage?: string | null;
  socialLinks?: { type: (typeof SOCIAL_LINK_TYPES)[number]; url: string }[];
  clubsEnabled?: boolean;
  seasonStartMonth?: number | null;
}

export const organizationKeys = {
  all: ['organizations'] as const,
  catalogue: () => [...organizationKeys.all, 'catalogue'] as const,
  detail: (id: number) => [...organizationKeys.all, 'detail', id] as const,
  everything: () => [...organizationKeys.all, 'admin-list'] as const,
};

/** GET /api/organization: the public catalogue of active organizations. */
export const organizationCatalogueQuery = () =>
  queryOptions({
    queryKey: organizationKeys.catalogue(),
    queryFn: ({ signal }) => apiRequest('/api/organization', { schema: z.array(organizationSummarySchema), signal }),
  });

/** GET /api/admin/organization: every organization, inactive ones too (super admin). */
export const allOrganizationsQuery = () =>
  queryOptions({
    queryKey: organizationKeys.everything(),
    queryFn: ({ signal }) => apiRequest('/api/admin/organization', { schema: z.array(organizationSummarySchema), signal }),
  });

export const organizationQuery = (id: number) =>
  queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(`/api/organization/${id}`, { schema: organizationSchema, signal }),
  });

export const createOrganization = (body: OrganizationBody): Promise<Organization> =>
  apiRequest('/api/organization', { method: 'POST', body, schema: organizationSchema });

export const updateOrganization = (id: number, body: Partial<OrganizationBody>): Promise<Organization> =>
  apiRequest(`/api/organization/${id}`, { method: 'PUT', body, schema: organizationSchema });

/** `logo` is the organisation's one logo (the spec's primaryLogo is the same file); `secondary` a second one for prints. */
export type LogoKind = 'logo' | 'secondary';

/** POST /api/organization/{id}/logo?kind=logo|secondary (multipart field multipartFile). */
export const uploadLogo = (id: number, kind: LogoKind, file: File): Promise<Organization> =>
  apiUpload(`/api/organization/${id}/logo?kind=${kind}`, file, { schema: organizationSchema });

export const setOrganizationActive = (id: number, active: boolean): Promise<Organization> =>
  apiRequest(`/api/organization/${id}/${active ? 'activate' : 'deactivate'}`, { method: 'POST', schema: organizationSchema });

export const applyForMembership = (id: number): Promise<void> =>
  apiRequest(`/api/organization/${id}/apply`, { method: 'POST', schema: z.unknown() }).then(() => undefined);

export const leaveOrganization = (id: number): Promise<void> => apiRequest(`/api/organization/${id}/leave`, { method: 'POST' });
