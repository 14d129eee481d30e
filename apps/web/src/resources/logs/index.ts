import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const WebLogsPage = lazyScreen(() => import('./WebLogsPage'), 'WebLogsPage');
const AppLogsPage = lazyScreen(() => import('./AppLogsPage'), 'AppLogsPage');

/**
 * /weblogs and /Logs (002 §2, Developer flag only: P.webLogs, P.appLogs). /Logs has no navigation item of its own
 * (the nav follows the spec); Web logs links to it and back.
 */
export const logsScreens: Partial<Record<string, ComponentType>> = { '/weblogs': WebLogsPage, '/Logs': AppLogsPage };
