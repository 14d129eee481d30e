import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { userLanguage } from '../../lib/language';
import { trpc } from '../../providers/trpc';
import { parseStartPrefill } from '../../resources/plans/startLink';
import { useSites } from './CustomerStep';
import { emptyForm, offered, type StartForm } from './startRules';

/**
 * The form /Reports/new opens with when its address names a machine (a plan's 'Start inspection', issue 24). Every
 * id is checked against the same picks the steps offer (customer, its sites, the site's machines, the protocols that
 * fit): one that is not there leaves its field, and those after it, empty. Without a protocol id, the best-fitting
 * protocol of the plan's type is chosen. `form` is null while the checks run.
 */
export function useStartPrefill(): { form: StartForm | null } {
  const [params] = useSearchParams();
  const asked = useMemo(() => parseStartPrefill(params), [params]);
  const customers = useQuery({
    ...trpc.inspectionStart.customers.queryOptions({ search: '', lang: userLanguage(), id: asked?.customerId ?? undefined }),
    enabled: !!asked,
  });
  const customer = customers.data?.[0] ?? null;
  const sites = useSites(customer?.id ?? null);
  const site = sites.data?.find((s) => s.id === asked?.siteId)?.id ?? (sites.data?.length === 1 ? sites.data[0]!.id : null);
  const siteKnown = !!sites.data && (sites.data.length === 0 || !!site);
  const machines = useQuery({
    ...trpc.inspectionStart.equipment.queryOptions({ customerId: customer?.id ?? '', customerSiteId: site }),
    enabled: !!customer && siteKnown && !!asked?.equipmentId,
  });
  const equipmentId = machines.data?.some((m) => m.id === asked?.equipmentId) ? asked!.equipmentId : null;
  const fits = useQuery({ ...trpc.protocolFit.sortedByFit.queryOptions({ equipmentId: equipmentId ?? '' }), enabled: !!equipmentId });

  const settled = (q: { isPending: boolean; fetchStatus: string }) => !q.isPending || q.fetchStatus === 'idle';
  const done = !asked || [customers, sites, machines, fits].every(settled);
  const form = useMemo(() => {
    if (!done) return null;
    if (!asked || !customer) return emptyForm;
    const protocols = fits.data ? offered(fits.data) : [];
    const protocolId =
      protocols.find((p) => p.id === asked.protocolId)?.id ?? protocols.find((p) => p.type === asked.type)?.id ?? null;
    return { ...emptyForm, customer: { id: customer.id, name: customer.name }, siteId: site, equipmentId, protocolId: equipmentId ? protocolId : null };
  }, [done, asked, customer, site, equipmentId, fits.data]);
  return { form };
}
