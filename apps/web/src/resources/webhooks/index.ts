import type { ComponentType } from 'react';
import { WebhooksPage } from './WebhooksPage';
import { WebhookPage } from './WebhookPage';

/** /Webhooks and /Webhooks/:id (issue 22, staff Admins: P.webhooks): endpoints, their deliveries, replay, test event. */
export const webhooksScreens: Partial<Record<string, ComponentType>> = { '/Webhooks': WebhooksPage, '/Webhooks/:id': WebhookPage };
