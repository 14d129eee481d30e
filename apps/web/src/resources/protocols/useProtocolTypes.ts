import { useQuery } from '@tanstack/react-query';
import { protocolsApi } from './api';

/** GET api/v1/inspectionProtocols/types: Custom and CustomPoints are never among them (001 §1). */
export const useProtocolTypes = () => useQuery({ queryKey: ['protocols.types'], queryFn: protocolsApi.types, staleTime: 5 * 60_000 });
