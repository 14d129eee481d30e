import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const WebhooksPage = lazyScreen(() => import('./WebhooksPage'), 'WebhooksPage');
const WebhookPage = lazyScreen(() => import('./WebhookPage'), 'WebhookPage');

/** /Webhooks and /Webhooks/:id (issue 22, staff Admins: P.webhooks): endpoints, their deliveries, replay, test event. */
export const webhooksScreens: Partial<Record<string, ComponentType>> = { '/Webhooks': WebhooksPage, '/Webhooks/:id': WebhookPage };
