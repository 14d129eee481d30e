import { ZPublicConfig, type TPublicConfig } from '@insp/contracts';

/** GET /auth/config (public): what the login screen needs before anyone is signed in. */
export const publicConfigQuery = {
  queryKey: ['public-config'] as const,
  queryFn: async (): Promise<TPublicConfig> => {
    const res = await fetch('/auth/config', { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`Configuration request failed with status ${res.status}`);
    return ZPublicConfig.parse(await res.json());
  },
  staleTime: Infinity,
};
